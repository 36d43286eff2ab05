import type { TicketNote } from "@atendo/contracts";
import { and, asc, eq, gte, isNull, lte, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { ticketNotes } from "../../db/schema/index.js";
import { presentNotes } from "./note.presenter.js";

/**
 * The notes that sit among one page of a ticket's messages (decision 0073). A note sits right
 * after `afterMessageId`, the newest message when it was written, so a page of messages with ids
 * lo…hi carries the notes after one of them: page 1 also those after anything newer (written as
 * a message arrived), the last page also those written before any message.
 */
export async function notesOfPage(
  db: Db,
  ticketId: number,
  page: { messageIds: readonly number[]; first: boolean; hasMore: boolean },
): Promise<TicketNote[]> {
  const lo = page.messageIds.length > 0 ? Math.min(...page.messageIds) : undefined;
  const hi = page.messageIds.length > 0 ? Math.max(...page.messageIds) : undefined;
  // A page with no messages: page 1 of a ticket without any carries all its notes; a later one, none.
  if (lo === undefined || hi === undefined) return page.first ? presentNotes(db, await ordered(db, ticketId)) : [];
  const from: SQL | undefined = page.hasMore ? gte(ticketNotes.afterMessageId, lo) : undefined;
  const to: SQL | undefined = page.first ? undefined : lte(ticketNotes.afterMessageId, hi);
  const inWindow = page.hasMore ? and(from, to) : or(isNull(ticketNotes.afterMessageId), to);
  return presentNotes(db, await ordered(db, ticketId, page.first && !page.hasMore ? undefined : inWindow));
}

function ordered(db: Db, ticketId: number, window?: SQL) {
  return db
    .select()
    .from(ticketNotes)
    .where(and(eq(ticketNotes.ticketId, ticketId), window))
    .orderBy(asc(ticketNotes.id));
}
