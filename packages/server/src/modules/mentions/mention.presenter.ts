import { mentionExcerptMax, type Mention } from "@atendo/contracts";
import { and, count, eq, inArray, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { contacts, noteMentions, ticketNotes, tickets, users } from "../../db/schema/index.js";

export type MentionRow = typeof noteMentions.$inferSelect;

/** A note's start, on one line, as a mentions list entry and a notification show it. */
export function excerptOf(body: string): string {
  const line = body.replace(/\s+/g, " ").trim();
  return line.length > mentionExcerptMax ? `${line.slice(0, mentionExcerptMax - 1)}…` : line;
}

const author = alias(users, "author");

/** Mentions as the list shows them, in the order given: their note, ticket, contact and author in one query. */
export async function presentMentions(db: Db, rows: readonly MentionRow[]): Promise<Mention[]> {
  if (rows.length === 0) return [];
  const details = await db
    .select({ noteId: ticketNotes.id, ticketId: ticketNotes.ticketId, body: ticketNotes.body, contactName: contacts.name, authorId: author.id, authorName: author.name })
    .from(ticketNotes)
    .innerJoin(tickets, eq(tickets.id, ticketNotes.ticketId))
    .leftJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(author, eq(author.id, ticketNotes.userId))
    .where(inArray(ticketNotes.id, [...new Set(rows.map((row) => row.noteId))]));
  const byNote = new Map(details.map((d) => [d.noteId, d]));
  return rows.flatMap((row) => {
    const note = byNote.get(row.noteId);
    if (!note) return [];
    return [
      {
        id: row.id,
        noteId: row.noteId,
        ticketId: note.ticketId,
        contactName: note.contactName,
        excerpt: excerptOf(note.body),
        author: note.authorId === null || note.authorName === null ? null : { id: note.authorId, name: note.authorName },
        read: row.readAt !== null,
        createdAt: row.createdAt.toISOString(),
      },
    ];
  });
}

/** How many of a user's mentions are unread (the app bar's badge). */
export async function unreadMentions(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(noteMentions)
    .where(and(eq(noteMentions.userId, userId), isNull(noteMentions.readAt)));
  return row?.n ?? 0;
}
