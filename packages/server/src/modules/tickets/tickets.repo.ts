import { activeTicketStatuses } from "@atendo/contracts";
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { ticketParticipants, tickets, userQueues } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import type { EmitTarget } from "../../realtime/realtime.js";

export type TicketRow = typeof tickets.$inferSelect;

/** The fields visibility depends on. */
export type TicketScope = Pick<TicketRow, "id" | "status" | "userId" | "queueId">;

export async function findTicketRow(db: Db, id: number): Promise<TicketRow> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id)).limit(1);
  if (!row) throw new AppError("ERR_NO_TICKET_FOUND");
  return row;
}

export async function participantIdsOf(db: Db, ticketId: number): Promise<number[]> {
  const rows = await db.select({ id: ticketParticipants.userId }).from(ticketParticipants).where(eq(ticketParticipants.ticketId, ticketId));
  return rows.map((row) => row.id);
}

/** Who may hear about each ticket of a contact, read before the contact (and its tickets) go. */
export async function audiencesOfContactTickets(db: Db, contactId: number): Promise<{ ticketId: number; audience: EmitTarget }[]> {
  const rows = await db
    .select({ id: tickets.id, status: tickets.status, userId: tickets.userId, queueId: tickets.queueId })
    .from(tickets)
    .where(eq(tickets.contactId, contactId))
    .orderBy(tickets.id);
  if (rows.length === 0) return [];
  const participants = await db
    .select({ ticketId: ticketParticipants.ticketId, userId: ticketParticipants.userId })
    .from(ticketParticipants)
    .where(inArray(ticketParticipants.ticketId, rows.map((row) => row.id)));
  return rows.map((row) => ({
    ticketId: row.id,
    audience: ticketAudience(row, participants.filter((p) => p.ticketId === row.id).map((p) => p.userId)),
  }));
}

async function isParticipant(db: Db, ticketId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: ticketParticipants.userId })
    .from(ticketParticipants)
    .where(and(eq(ticketParticipants.ticketId, ticketId), eq(ticketParticipants.userId, userId)))
    .limit(1);
  return row !== undefined;
}

async function isQueueMember(db: Db, queueId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userQueues.userId })
    .from(userQueues)
    .where(and(eq(userQueues.queueId, queueId), eq(userQueues.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Who may see a ticket (its messages, its media): admins; its owner; its participants; while it
 * waits (pending), the members of its queue — every user when it has no queue (docs/decisions/
 * 0006, 0012); and, once closed, users with `canSeeAllTicketHistory`, who may read any contact's
 * earlier conversations (docs/decisions/0019). Events follow ticketAudience, which leaves that
 * last group out: history is read on demand, not followed live.
 */
export async function canSeeTicket(db: Db, actor: Actor, ticket: TicketScope): Promise<boolean> {
  if (actor.profile === "admin" || ticket.userId === actor.id) return true;
  if (ticket.status === "closed" && actor.canSeeAllTicketHistory) return true;
  if (ticket.status === "pending" && (ticket.queueId === null || (await isQueueMember(db, ticket.queueId, actor.id)))) return true;
  return isParticipant(db, ticket.id, actor.id);
}

export async function assertCanSeeTicket(db: Db, actor: Actor, ticket: TicketScope): Promise<void> {
  if (!(await canSeeTicket(db, actor, ticket))) throw new AppError("ERR_NO_PERMISSION");
}

/**
 * Who may write in a ticket (send, delete own messages): not when closed; then an admin, the
 * owner of the open ticket, or a participant.
 */
export async function assertCanWriteTicket(db: Db, actor: Actor, ticket: TicketScope): Promise<void> {
  if (ticket.status === "closed") throw new AppError("ERR_NO_PERMISSION");
  if (actor.profile === "admin" || (ticket.status === "open" && ticket.userId === actor.id)) return;
  if (!(await isParticipant(db, ticket.id, actor.id))) throw new AppError("ERR_NO_PERMISSION");
}

/**
 * The sockets that may hear about a ticket, matching canSeeTicket: admins, owner and
 * participants, the queue's room while pending, and everyone signed in for a pending ticket with
 * no queue (every user sees those; docs/decisions/0012).
 */
export function ticketAudience(ticket: TicketScope, participantIds: readonly number[]): EmitTarget {
  const pending = ticket.status === "pending";
  return {
    admins: true,
    everyone: pending && ticket.queueId === null,
    userIds: [...new Set([...(ticket.userId === null ? [] : [ticket.userId]), ...participantIds])],
    queueIds: pending && ticket.queueId !== null ? [ticket.queueId] : [],
  };
}

/** Merges audiences (a ticket that changed hands tells both the old and the new ones). */
export function mergeAudiences(...targets: EmitTarget[]): EmitTarget {
  return {
    admins: targets.some((t) => t.admins),
    everyone: targets.some((t) => t.everyone),
    userIds: [...new Set(targets.flatMap((t) => t.userIds ?? []))],
    queueIds: [...new Set(targets.flatMap((t) => t.queueIds ?? []))],
  };
}

/** The contact's active (pending/open) ticket on a connection, other than `exceptId`. */
export async function activeTicketOf(db: Db, contactId: number, connectionId: number, exceptId?: number): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.contactId, contactId),
        eq(tickets.connectionId, connectionId),
        inArray(tickets.status, activeTicketStatuses),
        exceptId === undefined ? undefined : ne(tickets.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

/** Return, resolve, reopen and transfer are for the ticket's owner or an admin (spec §4). */
export function assertOwnerOrAdmin(actor: Actor, ticket: TicketScope): void {
  if (actor.profile !== "admin" && ticket.userId !== actor.id) throw new AppError("ERR_NO_PERMISSION");
}
