import { serviceWindowEndsAt } from "../cloud/service-window.js";
import { can, type MessagePage } from "@atendo/contracts";
import { and, eq, gt } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { contacts, messages, tickets } from "../../db/schema/index.js";
import { conversationPage } from "../../db/paging.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { visibilityOf } from "../tickets/ticket-events.js";
import { presentTicket } from "../tickets/ticket.presenter.js";
import { assertCanSeeTicket, assertCanWriteTicket } from "../tickets/ticket.policy.js";
import { findTicketRow, type TicketRow } from "../tickets/tickets.repo.js";
import { announceMessageUpdate } from "./delivery/message-updates.js";
import { sendingConnection } from "./delivery/outgoing.repo.js";
import { messageContactOf, presentMessages } from "./message.presenter.js";
import { notesOfPage } from "../notes/note-pages.js";

/**
 * Only its owner reading the ticket resets its unread count: an admin looking at someone else's
 * ticket, or at a waiting one, does not clear the badge of those who will answer it.
 */
async function markRead(ctx: AppContext, actor: Actor, ticket: TicketRow): Promise<boolean> {
  if (ticket.unreadMessages === 0 || ticket.userId !== actor.id) return false;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(messages)
      .set({ read: true })
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.read, false)));
    await tx.update(tickets).set({ unreadMessages: 0 }).where(and(eq(tickets.id, ticket.id), gt(tickets.unreadMessages, 0)));
  });
  return true;
}

/** GET /messages/{ticketId}: newest page first, each page oldest-first; for who may see the ticket. */
export async function listMessages(ctx: AppContext, actor: Actor, ticketId: number, pageNumber: number): Promise<MessagePage> {
  const row = await findTicketRow(ctx.db, ticketId);
  await assertCanSeeTicket(ctx.db, actor, row);
  const page = await conversationPage(ctx.db, messages, { column: messages.ticketId, id: ticketId }, pageNumber);
  const reset = pageNumber === 1 && (await markRead(ctx, actor, row));
  const ticket = await presentTicket(ctx.db, ticketId);
  if (reset) await ctx.events.emit("ticket.read", { ticket: visibilityOf(ticket) });
  const items = await presentMessages(ctx.db, page.items, messageContactOf(ticket));
  // The staff's private notes among these messages: read beside them, never as messages (decision 0073).
  const notes = await notesOfPage(ctx.db, ticketId, { messageIds: page.items.map((m) => m.id), first: pageNumber === 1, hasMore: page.hasMore });
  const windowEndsAt = await serviceWindowEndsAt(ctx.db, row);
  return { messages: items, hasMore: page.hasMore, ticket, notes, ...(windowEndsAt === undefined ? {} : { serviceWindowEndsAt: windowEndsAt?.toISOString() ?? null }) };
}

/**
 * PUT /messages/{ticketId}: the messages the user sees arrive in the open ticket are read (the
 * web calls it while the ticket is on screen). Same rule as reading page 1: for who may see the
 * ticket, and only its owner's reading resets the count (then a `ticket` `updateUnread` event).
 */
export async function markMessagesRead(ctx: AppContext, actor: Actor, ticketId: number): Promise<void> {
  const row = await findTicketRow(ctx.db, ticketId);
  await assertCanSeeTicket(ctx.db, actor, row);
  if (!(await markRead(ctx, actor, row))) return;
  await ctx.events.emit("ticket.read", { ticket: visibilityOf(await presentTicket(ctx.db, ticketId)) });
}

/**
 * DELETE /messages/{id} {ticketId}: an own message (fromMe), by its sender or an admin, in a
 * ticket they may write in; deleted on the channel for everyone, then kept and marked deleted.
 * `ticketId` must be the message's ticket: the web names the ticket on screen, and a message of
 * another ticket (another connection) is refused rather than deleted behind the user's back.
 * A channel failure answers ERR_DELETE_WAPP_MSG and changes nothing (docs/decisions/0021); the
 * instance that runs the connection not answering, ERR_WAPP_OWNER_UNREACHABLE (0053).
 */
export async function deleteMessage(ctx: AppContext, actor: Actor, messageId: number, ticketId: number): Promise<void> {
  const [row] = await ctx.db
    .select({ message: messages, number: contacts.number })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(eq(messages.id, messageId))
    .limit(1);
  if (!row) throw new AppError("ERR_NO_MESSAGE_FOUND");
  const { message } = row;
  if (message.ticketId !== ticketId) throw new AppError("ERR_NO_PERMISSION");
  const ticket = await findTicketRow(ctx.db, message.ticketId);
  await assertCanWriteTicket(ctx.db, actor, ticket);
  // A customer's message cannot be deleted for everyone; an attendant's only by who sent it, or by whoever writes in every ticket (an admin).
  if (!message.fromMe || (!can(actor.profile, "tickets:writeAll") && message.userId !== actor.id)) throw new AppError("ERR_NO_PERMISSION");
  if (message.isDeleted) return;
  // Without an external id the channel never had the message (it failed to send): nothing to recall.
  if (message.externalId) {
    const connectionId = sendingConnection(message);
    try {
      // Carried out by the instance that runs the connection, wherever this request arrived (docs/decisions/0053).
      await ctx.channels.commands.deleteMessage(connectionId, { number: row.number, isGroup: ticket.isGroup }, message.externalId, true);
    } catch (error) {
      ctx.log.warn({ err: error, messageId }, "message not deleted on the channel");
      // That instance not answering is said as such: trying again shortly may work.
      if (error instanceof AppError && error.code === "ERR_WAPP_OWNER_UNREACHABLE") throw error;
      throw new AppError("ERR_DELETE_WAPP_MSG");
    }
  }
  // Guarded on isDeleted: two deletes racing announce the change once.
  const [updated] = await ctx.db
    .update(messages)
    .set({ isDeleted: true, updatedAt: new Date() })
    .where(and(eq(messages.id, messageId), eq(messages.isDeleted, false)))
    .returning();
  if (updated) await announceMessageUpdate(ctx, updated, "delete");
}
