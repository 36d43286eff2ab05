import { limits } from "@atendo/contracts";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client.js";

/** Escapes LIKE wildcards so a search for "50%" or "a_b" matches those characters literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** ILIKE/LIKE pattern matching `text` anywhere. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** LIKE pattern matching values that start with `text`. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

/** LIMIT/OFFSET of a list page: one row more than a page, to learn whether another page exists. */
export function pageWindow(pageNumber: number, pageSize: number = limits.pageSize) {
  return { limit: pageSize + 1, offset: (pageNumber - 1) * pageSize };
}

/** Cuts the extra row fetched by pageWindow and tells whether there was one. */
export function pageOf<T>(rows: T[], pageSize: number = limits.pageSize): { items: T[]; hasMore: boolean } {
  return { items: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

/**
 * Page `pageNumber` of a conversation's messages (a ticket's, a chat's): the newest page first,
 * each page oldest first, as the message list shows it. The page's ids come first from the
 * (conversation, id desc nulls last) index alone — index-only and in its order, where "desc nulls
 * last" must be spelled as the index is built or PostgreSQL sorts the whole conversation — then
 * only those rows: an older page skips its offset in the index instead of reading every skipped
 * message.
 */
export async function conversationPage<T extends PgTable & { id: PgColumn }>(
  db: Db,
  table: T,
  conversation: { column: PgColumn; id: number },
  pageNumber: number,
): Promise<{ items: T["$inferSelect"][]; hasMore: boolean }> {
  const size = limits.messagePageSize;
  const { limit, offset } = pageWindow(pageNumber, size);
  const inConversation = eq(conversation.column, conversation.id);
  // As a plain table: drizzle's select types cannot resolve a table that is a type parameter.
  const source: PgTable = table;
  const pageIds = db.select({ id: table.id }).from(source).where(inConversation).orderBy(sql`${table.id} desc nulls last`).limit(limit).offset(offset);
  const rows = await db
    .select()
    .from(source)
    .where(and(inConversation, inArray(table.id, pageIds)))
    .orderBy(desc(table.id));
  const page = pageOf(rows as T["$inferSelect"][], size);
  return { items: page.items.reverse(), hasMore: page.hasMore };
}
