import type { TicketNote, UserRef } from "@atendo/contracts";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { noteMentions, users, type ticketNotes } from "../../db/schema/index.js";

export type NoteRow = typeof ticketNotes.$inferSelect;

/** Notes as the message list shows them: authors and mentioned users named, in two queries at most. */
export async function presentNotes(db: Db, rows: readonly NoteRow[]): Promise<TicketNote[]> {
  if (rows.length === 0) return [];
  const noteIds = rows.map((row) => row.id);
  const mentioned = await db
    .select({ noteId: noteMentions.noteId, id: users.id, name: users.name })
    .from(noteMentions)
    .innerJoin(users, eq(users.id, noteMentions.userId))
    .where(inArray(noteMentions.noteId, noteIds))
    .orderBy(asc(noteMentions.id));
  const authorIds = [...new Set(rows.map((row) => row.userId).filter((id): id is number => id !== null))];
  const authors = new Map<number, UserRef>();
  if (authorIds.length > 0) {
    for (const author of await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, authorIds))) authors.set(author.id, author);
  }
  return rows.map((row) => ({
    id: row.id,
    ticketId: row.ticketId,
    body: row.body,
    author: row.userId === null ? null : (authors.get(row.userId) ?? null),
    mentionedUsers: mentioned.filter((m) => m.noteId === row.id).map(({ id, name }) => ({ id, name })),
    afterMessageId: row.afterMessageId,
    isEdited: row.isEdited,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function presentNote(db: Db, row: NoteRow): Promise<TicketNote> {
  const [note] = await presentNotes(db, [row]);
  return note!;
}
