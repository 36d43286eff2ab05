import type { UpdateTicketBody } from "@atendo/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { addParticipants, deleteTicket, removeParticipant, updateTicket } from "../api/ticket.api";
import { storeTicket, ticketDetailKey } from "./use-ticket";

/**
 * PUT /tickets/{id}. The answer (unless `ticketIsOpen`) replaces the cached ticket; the list
 * follows from the `ticket` event the server also sends to the actor.
 */
export function useUpdateTicket(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTicketBody) => updateTicket(id, body),
    onSuccess: (result) => {
      if (!result.ticketIsOpen) storeTicket(queryClient, result.ticket);
    },
  });
}

export function useDeleteTicket(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTicket(id),
    onSuccess: () => queryClient.removeQueries({ queryKey: ticketDetailKey(id), exact: true }),
  });
}

export function useAddParticipants(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (participantIds: number[]) => addParticipants(id, { participantIds }),
    onSuccess: ({ ticket }) => storeTicket(queryClient, ticket),
  });
}

export function useRemoveParticipant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeParticipant(id, userId),
    onSuccess: ({ ticket }) => storeTicket(queryClient, ticket),
  });
}
