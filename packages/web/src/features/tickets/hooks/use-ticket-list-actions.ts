import type { CreateTicketBody, TicketResult } from "@atendo/contracts";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { connectionsQueryOptions } from "../../connections";
import { contactSearchQueryOptions } from "../../contacts";
import { updateTicket } from "../api/ticket.api";
import { createTicket } from "../api/tickets-list.api";
import { storeTicket } from "./use-ticket";

/** An action's answer: the ticket, for the view to show at once (the list follows its event). */
function storeResult(queryClient: QueryClient, result: TicketResult): void {
  if (!result.ticketIsOpen) storeTicket(queryClient, result.ticket);
}

/** Accepting a waiting ticket from its row (spec §4): open, assigned to me. */
export function useAcceptTicket(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticketId: number) => updateTicket(ticketId, { status: "open", userId, action: "assigned" }),
    onSuccess: (result) => storeResult(queryClient, result),
  });
}

/** POST /tickets from the new-ticket modal. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTicketBody) => createTicket(body),
    onSuccess: (result) => storeResult(queryClient, result),
  });
}

/** Contacts matching the modal's search (from 3 characters, debounced by the caller). */
export function useContactOptions(search: string) {
  return useQuery({ ...contactSearchQueryOptions(search), enabled: search !== "" });
}

/** Connections an admin may start the ticket on (the connections screen's list); others use their own or the default one. */
export function useConnectionOptions(enabled: boolean) {
  return useQuery({ ...connectionsQueryOptions(), enabled });
}
