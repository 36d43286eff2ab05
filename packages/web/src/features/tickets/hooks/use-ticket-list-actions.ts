import { useQuery } from "@tanstack/react-query";
import { useCacheMutation } from "../../../lib/cache-mutation";
import { connectionsQueryOptions } from "../../connections";
import { contactSearchQueryOptions } from "../../contacts";
import { updateTicket } from "../api/ticket.api";
import { createTicket } from "../api/tickets-list.api";
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

/** Connections an admin may start the ticket on (the connections screen's list); others use their own or the default one. */
export function useConnectionOptions(enabled: boolean) {
  return useQuery({ ...connectionsQueryOptions(), enabled });
}
