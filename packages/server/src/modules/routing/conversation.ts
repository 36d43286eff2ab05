import type { Ticket, TicketUpsertAction } from "@atendo/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { InboundMessage } from "../../channels/channel-driver.js";
import type { AppContext } from "../../context.js";
import { tickets } from "../../db/schema/index.js";
import type { ConnectionRow } from "../connections/connection.presenter.js";
import { announceMessages } from "../messages/delivery/announce.js";
import { dispatchOutgoing } from "../messages/delivery/outgoing.service.js";
import type { MessageRow } from "../messages/message.presenter.js";
import { ticketMoment, visibilityBefore } from "../tickets/ticket-events.js";
import { sendFarewell } from "../tickets/ticket-farewell.js";
import * as lifecycle from "../tickets/ticket-lifecycle.js";
import { presentTicket } from "../tickets/ticket.presenter.js";
import { participantIdsOf, type TicketRow } from "../tickets/tickets.repo.js";
import { isCloseCode } from "./menu.js";
import { answerMenu } from "./menu-answer.js";

/** Tells who saw the ticket before and who sees it now, then sends what routing wrote. */
async function announceMove(ctx: AppContext, before: TicketRow, action: TicketUpsertAction, automatic: readonly MessageRow[]): Promise<Ticket> {
  const participants = await participantIdsOf(ctx.db, before.id);
  const ticket = await presentTicket(ctx.db, before.id);
  await ctx.events.publish(ticketMoment(ticket, action, visibilityBefore(before, participants), "customer"));
  const presented = await announceMessages(ctx, ticket, { created: false, reopened: null }, { received: [], sent: automatic });
  if (presented.length > 0) await dispatchOutgoing(ctx, ticket, presented);
  return ticket;
}

/**
 * Close by message (`canCloseTicketByMessage`): the customer's close code ends their active
 * ticket, in a menu or with an attendant; the farewell follows, and the event says why
 * (`closedByMessageCode`). Only an active ticket closes: a code that races an attendant's resolve
 * changes nothing.
 */
async function closeByCode(ctx: AppContext, before: TicketRow, now: Date): Promise<void> {
  const [closed] = await ctx.db
    .update(tickets)
    .set(lifecycle.closed(now))
    .where(and(eq(tickets.id, before.id), inArray(tickets.status, ["pending", "open"])))
    .returning();
  if (!closed) return;
  await announceMove(ctx, before, "closedByMessageCode", []);
  await sendFarewell(ctx, closed);
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
  if (connection.canCloseTicketByMessage && isCloseCode(input.body, connection.closeCode)) return closeByCode(ctx, ticket, now);
  if (ticket.uraId === null) return;
  const answered = await answerMenu(ctx, connection, ticket.id, input.body, now);
  if (answered) await announceMove(ctx, answered.before, answered.action, answered.automatic);
}
