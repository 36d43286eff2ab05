import type { Message, TicketNote } from "@atendo/contracts";

/** A private note as a row of the message list: its id is negative so it never meets a message's. */
export interface NoteItem {
  id: number;
  createdAt: string;
  note: TicketNote;
}

export type ConversationItem = Message | NoteItem;

export const noteItemId = (noteId: number) => -noteId;

export function isNoteItem(item: ConversationItem): item is NoteItem {
  return "note" in item;
}

/**
 * A ticket's messages with its notes among them: each note right after the message that was the
 * newest when it was written (`afterMessageId`; before every message when there was none), notes
 * after one message in the order they were written.
 */
export function conversationItems(messages: readonly Message[], notes: readonly TicketNote[]): ConversationItem[] {
  const key = (item: ConversationItem): [number, number, number] => (isNoteItem(item) ? [item.note.afterMessageId ?? 0, 1, item.note.id] : [item.id, 0, 0]);
  const items: ConversationItem[] = [...messages, ...notes.map((note) => ({ id: noteItemId(note.id), createdAt: note.createdAt, note }))];
  return items.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
}
