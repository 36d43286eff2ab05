import type { NoteBody, TicketNote } from "@atendo/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useServerEvent } from "../../../lib/socket";
import { createNote, deleteNote, updateNote } from "../api/notes.api";
import type { MessagesData } from "../lib/messages-cache";
import { removeNote, upsertNote } from "../lib/notes-cache";
import { messagesKey } from "./use-messages";

/** Keeps a ticket's notes current from its `note` events (who follows the ticket hears them). */
export function useLiveNotes(ticketId: number): void {
  const queryClient = useQueryClient();
  useServerEvent("note", (event) => {
    const id = event.action === "delete" ? event.ticketId : event.note.ticketId;
    if (id !== ticketId) return;
    queryClient.setQueryData<MessagesData>(messagesKey(ticketId), (data) => (event.action === "delete" ? removeNote(data, event.noteId) : upsertNote(data, event.note)));
  });
}

/** Writes, edits and deletes a ticket's notes, keeping its cache current at once (the event may come later). */
export function useNoteActions(ticketId: number) {
  const queryClient = useQueryClient();
  const store = (note: TicketNote) => queryClient.setQueryData<MessagesData>(messagesKey(ticketId), (data) => upsertNote(data, note));
  // A mention who cannot see the ticket is the composer's to answer (it offers to add them); other failures toast.
  const create = useMutation({ mutationFn: (body: NoteBody) => createNote(ticketId, body), onSuccess: store, meta: { handledCodes: ["ERR_MENTION_NOT_VISIBLE"] } });
  const update = useMutation({ mutationFn: ({ noteId, body }: { noteId: number; body: NoteBody }) => updateNote(ticketId, noteId, body), onSuccess: store });
  const remove = useMutation({
    mutationFn: (noteId: number) => deleteNote(ticketId, noteId),
    onSuccess: (_, noteId) => queryClient.setQueryData<MessagesData>(messagesKey(ticketId), (data) => removeNote(data, noteId)),
  });
  return { create, update, remove };
}
