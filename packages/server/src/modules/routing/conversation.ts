import { and, eq, inArray } from "drizzle-orm";
import type { InboundMessage } from "../../channels/channel-driver.js";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { tickets } from "../../db/schema/index.js";
import type { ConnectionRow } from "../connections/connection.presenter.js";
import { messageMoments } from "../messages/delivery/announce.js";
import { dispatchOutgoing } from "../messages/delivery/outgoing.service.js";
import { ticketMoment, visibilityBefore } from "../tickets/ticket-events.js";
import { sendFarewell } from "../tickets/ticket-farewell.js";
import * as lifecycle from "../tickets/ticket-lifecycle.js";
import { presentTicket } from "../tickets/ticket.presenter.js";
import { participantIdsOf, type TicketRow } from "../tickets/tickets.repo.js";
import { isCloseCode } from "./menu.js";
import { answerMenu, type MenuAnswered } from "./menu-answer.js";

/** A ticket's move written by a transaction: the row before, the event's action, routing's texts. */
type Move = Pick<MenuAnswered, "before" | "action" | "automatic">;

/**
 * Writes a move in one transaction that also publishes it (who saw the ticket before and who
 * sees it now, then routing's texts), so its events are kept with the write (decision 0057);
 * the texts leave after the commit. Returns the move's ticket row, or undefined when `write`
 * found nothing to do.
 */
async function moveTicket<T extends Move>(ctx: AppContext, write: (tx: Db) => Promise<T | undefined>): Promise<T | undefined> {
  const moved = await ctx.events.transaction(async (tx, publish) => {
    const move = await write(tx);
    if (!move) return undefined;
    const participants = await participantIdsOf(tx, move.before.id);
    const ticket = await presentTicket(tx, move.before.id);
    const { events, presented } = await messageMoments(tx, ticket, { created: false, reopened: null }, { received: [], sent: move.automatic });
    publish(ticketMoment(ticket, move.action, visibilityBefore(move.before, participants), "customer"), ...events);
    return { move, ticket, presented };
  });
  if (moved && moved.presented.length > 0) await dispatchOutgoing(ctx, moved.ticket, moved.presented);
  return moved?.move;
}

/**
 * Close by message (`canCloseTicketByMessage`): the customer's close code ends their active
 * ticket, in a menu or with an attendant; the farewell follows, and the event says why
 * (`closedByMessageCode`). Only an active ticket closes: a code that races an attendant's resolve
 * changes nothing.
 */
async function closeByCode(ctx: AppContext, before: TicketRow, now: Date): Promise<void> {
  const moved = await moveTicket(ctx, async (tx) => {
    const [closed] = await tx
      .update(tickets)
      .set(lifecycle.closed(now))
      .where(and(eq(tickets.id, before.id), inArray(tickets.status, ["pending", "open"])))
      .returning();
    return closed && { before, action: "closedByMessageCode" as const, automatic: [], closed };
  });
  if (moved) await sendFarewell(ctx, moved.closed);
}

/** Whether this message would end its conversation by the connection's close code (when closing by message is on). */
export function closesByCode(connection: ConnectionRow, input: Pick<InboundMessage, "fromMe" | "body" | "chat">): boolean {
  return !input.fromMe && !input.chat.isGroup && connection.canCloseTicketByMessage && isCloseCode(input.body, connection.closeCode);
}

/** Whether a ticket waits for a customer's answer to a menu (what continueConversation and the batch's menu step answer). */
export function awaitsMenuAnswer(ticket: Pick<TicketRow, "status" | "uraId">): boolean {
  return ticket.status === "pending" && ticket.uraId !== null;
}

/**
 * What a customer's message does to a conversation already under way, after it is stored and
 * announced: the close code ends it; in a menu, it is the answer. Decided from the ticket row
 * the store returned, so a message to a ticket with an attendant (the steady path) costs no
 * query here. The company's own messages and groups are never answers.
 */
export async function continueConversation(ctx: AppContext, connection: ConnectionRow, ticket: TicketRow, input: InboundMessage): Promise<void> {
  if (input.fromMe || input.chat.isGroup || ticket.status === "closed") return;
  const now = new Date();
  if (closesByCode(connection, input)) return closeByCode(ctx, ticket, now);
  if (ticket.uraId === null) return;
  await moveTicket(ctx, (tx) => answerMenu(ctx, tx, connection, ticket.id, input.body, now));
}
