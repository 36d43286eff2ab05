import type {
  AddParticipantsBody,
  ForwardMessagesBody,
  ForwardResult,
  ForwardTargets,
  ShowTicketResponse,
  TicketHistory,
  TicketResponse,
  TicketResult,
  UpdateTicketBody,
} from "@atendo/contracts";
import { http } from "../../../lib/http";

export function showTicket(id: number, signal?: AbortSignal): Promise<ShowTicketResponse> {
  return http.get<ShowTicketResponse>(`/tickets/${id}`, { signal });
}

/** Every transition of spec §4 (accept, return, resolve, reopen, transfer); see updateTicketBody. */
export function updateTicket(id: number, body: UpdateTicketBody): Promise<TicketResult> {
  return http.put<TicketResult>(`/tickets/${id}`, body);
}

export function deleteTicket(id: number): Promise<void> {
  return http.delete<void>(`/tickets/${id}`);
}

export function addParticipants(id: number, body: AddParticipantsBody): Promise<TicketResponse> {
  return http.post<TicketResponse>(`/tickets/${id}/participant`, body);
}

export function removeParticipant(id: number, userId: number): Promise<TicketResponse> {
  return http.delete<TicketResponse>(`/tickets/${id}/participant/${userId}`);
}

export function ticketHistory(ticketId: number, contactId: number, signal?: AbortSignal): Promise<TicketHistory> {
  return http.get<TicketHistory>("/tickets/history", { query: { ticketId, contactId }, signal });
}

export function forwardTargets(searchParam: string, signal?: AbortSignal): Promise<ForwardTargets> {
  return http.get<ForwardTargets>("/forwardmessage/tickets", { query: { searchParam }, signal });
}

export function forwardMessages(body: ForwardMessagesBody): Promise<ForwardResult> {
  return http.post<ForwardResult>("/forwardmessage/tickets", body);
}

/** PUT /tickets/{id}/tags: the ticket's whole new set of tags (docs/decisions/0072). */
export function setTicketTags(id: number, tagIds: readonly number[]): Promise<TicketResponse> {
  return http.put<TicketResponse>(`/tickets/${id}/tags`, { tagIds });
}
