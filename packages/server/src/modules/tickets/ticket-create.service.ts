import { activeTicketStatuses, type createTicketBody, type TicketResult } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { connections, contacts, tickets } from "../../db/schema/index.js";
import { inValues } from "../../db/schema/in-values.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { assertMayStartOn } from "./ticket-connections.service.js";
import { ticketMoment } from "./ticket-events.js";
import * as lifecycle from "./ticket-lifecycle.js";
import type { SlaClock } from "./sla-clock.js";
import { findQueueClock } from "./sla-clock.repo.js";
import { updateTicket } from "./ticket-update.service.js";
import { presentTicket, summarizeTicket } from "./ticket.presenter.js";
import { canSeeTicket } from "./ticket.policy.js";
import { activeTicketOf } from "./tickets.repo.js";

export type CreateTicket = z.output<typeof createTicketBody>;

/**
 * The connection a new conversation uses: the one asked for when the caller may use it
 * (docs/decisions/0041), else the user's own, else the default.
 */
export async function connectionFor(ctx: AppContext, actor: Actor, whatsappId: number | null | undefined): Promise<number> {
  const byId = async (id: number) => (await ctx.db.select({ id: connections.id }).from(connections).where(eq(connections.id, id)).limit(1))[0];
  if (typeof whatsappId === "number") {
    await assertMayStartOn(ctx, actor, whatsappId);
    return whatsappId;
  }
  // A user's own connection that was deleted since falls back to the default.
  const own = actor.whatsappId === null ? undefined : await byId(actor.whatsappId);
  if (own) return own.id;
  const [fallback] = await ctx.db.select({ id: connections.id }).from(connections).where(eq(connections.isDefault, true)).limit(1);
  if (!fallback) throw new AppError("ERR_NO_DEF_WAPP_FOUND");
  return fallback.id;
}

/**
 * Before a new conversation: the channel says whether the number can receive messages
 * (ERR_WAPP_INVALID_CONTACT) when it can tell: the instance that runs the connection is asked,
 * this one or another (docs/decisions/0053). A connection not connected right now, or whose owner
 * does not answer, cannot tell: the ticket starts and its messages wait in the outbound queue
 * (decision 0023).
 */
export async function assertReachable(ctx: AppContext, connectionId: number, contact: { number: string; isGroup: boolean }): Promise<void> {
  if (contact.isGroup || !(ctx.channels.isRunning(connectionId) || ctx.channels.ownedElsewhere(connectionId))) return;
  let reachable: boolean;
  try {
    reachable = await ctx.channels.commands.checkNumber(connectionId, contact.number);
  } catch (error) {
    const cannotTell = ["WPP_NOT_CONNECTED", "ERR_WAPP_NOT_INITIALIZED", "ERR_WAPP_OWNER_UNREACHABLE"];
    if (error instanceof AppError && cannotTell.includes(error.code)) return;
    ctx.log.warn({ err: error, connectionId }, "number check failed");
    throw new AppError("ERR_WAPP_CHECK_CONTACT");
  }
  if (!reachable) throw new AppError("ERR_WAPP_INVALID_CONTACT");
}

/** The queue a new ticket waits in, with its SLA clock (the lifecycle starts it). */
async function queueFor(ctx: AppContext, queueId: number | null | undefined): Promise<{ id: number | null; clock: SlaClock | null }> {
  if (typeof queueId !== "number") return { id: null, clock: null };
  const found = await findQueueClock(ctx.db, queueId, ctx.config.TIME_ZONE);
  if (!found) throw new AppError("ERR_NO_QUEUE_FOUND");
  return found;
}

/**
 * POST /tickets: a conversation an attendant starts with a contact, open for them (or pending in
 * a queue). The partial unique index decides between concurrent starts: the insert does nothing
 * when the contact already has an active ticket on that connection, and that ticket is the answer
 * — returned (opened) when it is the caller's or waiting for them, shown with its owner otherwise.
 * `created` tells the route to answer 201 (a new ticket) or 200 (an existing one).
 */
export async function createTicket(ctx: AppContext, actor: Actor, body: CreateTicket): Promise<{ created: boolean; result: TicketResult }> {
  const [contact] = await ctx.db
    .select({ id: contacts.id, number: contacts.number, isGroup: contacts.isGroup })
    .from(contacts)
    .where(eq(contacts.id, body.contactId))
    .limit(1);
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
  const connectionId = await connectionFor(ctx, actor, body.whatsappId);
  const queue = await queueFor(ctx, body.queueId);
  if (!(await activeTicketOf(ctx.db, contact.id, connectionId))) await assertReachable(ctx, connectionId, contact);
  const now = new Date();
  const [inserted] = await ctx.db
    .insert(tickets)
    .values({ contactId: contact.id, connectionId, isGroup: contact.isGroup, ...lifecycle.openedByPerson(body.status === "open" ? actor.id : null, queue.id, now, queue.clock) })
    .onConflictDoNothing({ target: [tickets.contactId, tickets.connectionId], where: inValues(tickets.status, activeTicketStatuses) })
    .returning();
  if (inserted) {
    const ticket = await presentTicket(ctx.db, inserted.id);
    await ctx.events.publish(ticketMoment(ticket, "create"));
    return { created: true, result: { ticketIsOpen: false, ticket } };
  }
  const existing = await activeTicketOf(ctx.db, contact.id, connectionId);
  // Closed between the insert and this read: the contact is free again, start over.
  if (!existing) return createTicket(ctx, actor, body);
  if (existing.status === "open" && existing.userId === actor.id) return { created: false, result: { ticketIsOpen: false, ticket: await presentTicket(ctx.db, existing.id) } };
  if (existing.status === "pending" && (await canSeeTicket(ctx.db, actor, existing))) {
    return { created: false, result: await updateTicket(ctx, actor, existing.id, { action: "assigned" }) };
  }
  return { created: false, result: { ticketIsOpen: true, ticket: summarizeTicket(await presentTicket(ctx.db, existing.id)) } };
}

