import type { MentionCandidates, NoteBody, NoteResponse, TicketNote } from "@atendo/contracts";
import { http } from "../../../lib/http";

/** A ticket's private notes (decision 0073): staff only, never sent to the customer. */
export async function createNote(ticketId: number, body: NoteBody): Promise<TicketNote> {
  return (await http.post<NoteResponse>(`/tickets/${ticketId}/notes`, body)).note;
}

export async function updateNote(ticketId: number, noteId: number, body: NoteBody): Promise<TicketNote> {
  return (await http.put<NoteResponse>(`/tickets/${ticketId}/notes/${noteId}`, body)).note;
}

export function deleteNote(ticketId: number, noteId: number): Promise<unknown> {
  return http.delete(`/tickets/${ticketId}/notes/${noteId}`);
}

/** Who the note composer's @ offers: those who may see the ticket first (`seesTicket`). */
export async function mentionCandidates(ticketId: number, signal?: AbortSignal): Promise<MentionCandidates["users"]> {
  return (await http.get<MentionCandidates>(`/tickets/${ticketId}/mention-candidates`, { signal })).users;
}

export function addParticipants(ticketId: number, participantIds: readonly number[]): Promise<unknown> {
  return http.post(`/tickets/${ticketId}/participant`, { participantIds });
}
