import type { TicketResponse, TicketResult, UpdateTicketBody } from "@atendo/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { useCacheMutation } from "../../../lib/cache-mutation";
import { addParticipants, deleteTicket, removeParticipant, updateTicket } from "../api/ticket.api";
import { storeTicket, ticketDetailKey } from "./use-ticket";

/** An action's answer: the ticket, for the view to show at once (the list follows its event). */
export function storeTicketResult(queryClient: QueryClient, result: TicketResult): void {
  if (!result.ticketIsOpen) storeTicket(queryClient, result.ticket);
}

/**
 * PUT /tickets/{id}. The answer (unless `ticketIsOpen`) replaces the cached ticket; the list
 * follows from the `ticket` event the server also sends to the actor.
 */
export function useUpdateTicket(id: number) {
  return useCacheMutation((body: UpdateTicketBody) => updateTicket(id, body), storeTicketResult);
}

export function useDeleteTicket(id: number) {
  return useCacheMutation<void, void>(
    () => deleteTicket(id),
    (queryClient) => queryClient.removeQueries({ queryKey: ticketDetailKey(id), exact: true }),
  );
}

const storeAnswer = (queryClient: QueryClient, { ticket }: TicketResponse) => storeTicket(queryClient, ticket);

export function useAddParticipants(id: number) {
  return useCacheMutation((participantIds: number[]) => addParticipants(id, { participantIds }), storeAnswer);
}

export function useRemoveParticipant(id: number) {
  return useCacheMutation((userId: number) => removeParticipant(id, userId), storeAnswer);
}
