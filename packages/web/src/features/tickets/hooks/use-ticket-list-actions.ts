import { useQuery } from "@tanstack/react-query";
import { useCacheMutation } from "../../../lib/cache-mutation";
import { contactSearchQueryOptions } from "../../contacts";
import { updateTicket } from "../api/ticket.api";
import { createTicket, listStartConnections } from "../api/tickets-list.api";
import { storeTicketResult } from "./use-ticket-actions";

/** Accepting a waiting ticket from its row (spec §4): open, assigned to me. */
export function useAcceptTicket(userId: number) {
  return useCacheMutation((ticketId: number) => updateTicket(ticketId, { status: "open", userId, action: "assigned" }), storeTicketResult);
}

/** POST /tickets from the new-ticket modal. */
export function useCreateTicket() {
  return useCacheMutation(createTicket, storeTicketResult);
}

/** Contacts matching the modal's search (from 3 characters, debounced by the caller). */
export function useContactOptions(search: string) {
  return useQuery({ ...contactSearchQueryOptions(search), enabled: search !== "" });
}

/**
 * The connections the user may start a ticket on, as the server decides (docs/decisions/0041):
 * every one for admins; for attendants their own, the default and their queues' ones.
 */
export function useStartConnections() {
  // Fetched each time the dialog opens: an admin may have changed queues or connections since.
  return useQuery({ queryKey: ["tickets", "start-connections"], queryFn: ({ signal }) => listStartConnections(signal), staleTime: 0 });
}
