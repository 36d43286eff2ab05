import type { TicketNote } from "@atendo/contracts";
import type { MessagesData } from "./messages-cache";

/**
 * A ticket's notes live in its messages cache: each page carries the notes among its messages
 * (decision 0073). A new note goes to the newest page; an edit replaces it where it is loaded; a
 * deletion takes it out of every page.
 */
export function upsertNote(data: MessagesData | undefined, note: TicketNote): MessagesData | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.notes.some((item) => item.id === note.id))) {
    return { ...data, pages: data.pages.map((page) => ({ ...page, notes: page.notes.map((item) => (item.id === note.id ? note : item)) })) };
  }
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ ...newest!, notes: [...newest!.notes, note] }, ...older] };
}

export function removeNote(data: MessagesData | undefined, noteId: number): MessagesData | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, notes: page.notes.filter((item) => item.id !== noteId) })) };
}

/** Every loaded note once. */
export function flattenNotes(data: MessagesData | undefined): TicketNote[] {
  const seen = new Map<number, TicketNote>();
  for (const page of data?.pages ?? []) for (const note of page.notes ?? []) if (!seen.has(note.id)) seen.set(note.id, note);
  return [...seen.values()];
}
