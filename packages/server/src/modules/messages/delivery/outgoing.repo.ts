import type { MessageMediaType, Ticket } from "@atendo/contracts";
import { lastMessageOf } from "@atendo/contracts";
import { eq, getTableColumns, sql } from "drizzle-orm";
import { AppError } from "../../../core/app-error.js";
import type { Db } from "../../../db/client.js";
import { fieldsOf } from "../../../db/cte.js";
import { messages, tickets } from "../../../db/schema/index.js";
import { joinTicketParts, presentJoinedTicket, ticketSelection, type JoinedTicket } from "../../tickets/ticket.presenter.js";
import type { MessageRow } from "../message.presenter.js";

/** An outgoing message before it is stored. */
export interface Draft {
  body: string;
  mediaType: MessageMediaType;
  mediaName?: string;
  mimeType?: string;
  fileName?: string;
  quotedMsgId?: number;
  isForwarded?: boolean;
  /** Written by an integration through the public send API (docs/decisions/0048). */
  viaApi?: boolean;
}

/** The ticket outgoing messages are written to (a ticket row fits). */
export interface OutgoingTicket {
  id: number;
  /** Null once its connection was deleted: nothing can be sent there any more. */
  connectionId: number | null;
}

/**
 * The connection a message to this ticket leaves through. A ticket whose connection was deleted
 * is kept as history (docs/decisions/0039) and reaches nobody: ERR_NO_WAPP_FOUND.
 */
export function sendingConnection(ticket: OutgoingTicket): number {
  if (ticket.connectionId === null) throw new AppError("ERR_NO_WAPP_FOUND", 404, "This conversation's connection was deleted: nothing can be sent in it.");
  return ticket.connectionId;
}

/** Whether these messages answer the customer: written by a person, not Atendo's automatic texts. */
function isTeamAnswer(drafts: readonly Draft[], userId: number | null): boolean {
  return userId !== null && drafts.some((draft) => draft.mediaType !== "chat-automatic");
}

export interface OutgoingOptions {
  /** The attendant who wrote them; null for Atendo's own (greeting, farewell). */
  userId: number | null;
  /**
   * Whether the last one becomes the ticket's last message (replies, forwards). Atendo's own do
   * not: the waiting list should show what the customer wrote.
   */
  lastMessage: boolean;
  /**
   * The signature line the texts start with, as their channel writes it (messages/signature.ts),
   * which the ticket's last message leaves out: the customer gets the signed text, the team's list
   * previews show the message alone (issue 16).
   */
  signature?: string | null;
  /**
   * The sender took the connection's pace slot before writing (a campaign, a schedule; issue 31):
   * the dispatch right after the write does not take another.
   */
  paced?: boolean;
}

/** The ticket list's preview of what was just sent: the last text without its signature, or its media's line (lastMessageOf). */
function lastMessagePreview(last: Draft | undefined, signature: string | null | undefined): string {
  const text = last?.body && signature && last.body.startsWith(`${signature}\n`) ? last.body.slice(signature.length + 1) : last?.body;
  return last ? lastMessageOf({ ...last, body: text ?? "" }) : "";
}

/**
 * The rows of outgoing messages: the one place that writes them, due for dispatch in the same
 * insert (docs/decisions/0023), so a crash before the hand-over leaves them to the recovery sweep.
 */
export function outgoingValues(ticket: OutgoingTicket, drafts: readonly Draft[], userId: number | null, now: Date): (typeof messages.$inferInsert)[] {
  const connectionId = sendingConnection(ticket);
  return drafts.map((draft) => ({ ...draft, ticketId: ticket.id, connectionId, fromMe: true, read: true, userId, createdAt: now, dispatchAt: now }));
}

/**
 * Stores outgoing messages, moves the ticket's last message and time when asked (and, for the
 * team's first answer, its first-response time, which the reports read), and reads the ticket as
 * the API shows it — one statement (atomic without a transaction): every later step (announcing,
 * dispatching, answering) reuses that one presentation.
 */
export async function writeOutgoing(db: Db, ticket: OutgoingTicket, drafts: readonly Draft[], options: OutgoingOptions, now: Date): Promise<{ rows: MessageRow[]; ticket: Ticket }> {
  const inserted = db.$with("inserted").as(db.insert(messages).values(outgoingValues(ticket, drafts, options.userId, now)).returning());
  const last = drafts.at(-1);
  const teamAnswer = isTeamAnswer(drafts, options.userId);
  const target = db.$with("target").as(
    options.lastMessage || teamAnswer
      ? db
          .update(tickets)
          .set({
            ...(options.lastMessage ? { lastMessage: lastMessagePreview(last, options.signature), updatedAt: now } : {}),
            ...(teamAnswer ? { firstResponseAt: sql`coalesce(${tickets.firstResponseAt}, ${now.toISOString()}::timestamptz)` } : {}),
          })
          .where(eq(tickets.id, ticket.id))
          .returning()
      : db.select().from(tickets).where(eq(tickets.id, ticket.id)),
  );
  const message = fieldsOf(inserted, getTableColumns(messages));
  const written = fieldsOf(target, getTableColumns(tickets));
  const query = db
    .with(inserted, target)
    .select({ message, ...ticketSelection(written) })
    .from(inserted)
    .innerJoin(target, eq(written.id, message.ticketId))
    .$dynamic();
  const rows = await joinTicketParts(query, written).orderBy(message.id);
  const first = rows[0];
  if (!first) throw new AppError("ERR_NO_TICKET_FOUND");
  const { message: _, ...joined } = first;
  return { rows: rows.map((row) => row.message), ticket: presentJoinedTicket(joined as JoinedTicket) };
}
