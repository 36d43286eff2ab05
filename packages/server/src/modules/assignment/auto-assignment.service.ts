import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { advisoryLocks } from "../../db/locks.js";
import { ticketParticipants, tickets, users } from "../../db/schema/index.js";
import type { Publish } from "../../events/event-bus.js";
import { ticketMoment } from "../tickets/ticket-events.js";
import * as lifecycle from "../tickets/ticket-lifecycle.js";
import { presentTicketsById } from "../tickets/ticket.presenter.js";
import { hasRoom, planAssignments, type Assignment, type Candidate, type QueueRule, type Waiting } from "./assignment-plan.js";

/** Waiting tickets locked and planned per transaction: a large backlog is a series of short writes. */
export const ASSIGNMENT_BATCH = 500;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface CandidateRow {
  queue_id: number;
  mode: QueueRule["mode"];
  return_to_last: boolean;
  user_id: number;
  max_open: number | null;
  turn: string | number | null;
  open: number;
}

/**
 * Online, active members of the automatic queues, each with their open tickets counted now (in
 * any queue: capacity is the user's, not the queue's). Read under the lock, after the last pass
 * committed. tickets_user_status_idx answers each count.
 */
async function readCandidates(tx: Db): Promise<{ queues: Map<number, QueueRule>; candidates: Map<number, Candidate> }> {
  const rows = rowsOf<CandidateRow>(
    await tx.execute(sql`
    select q.id as queue_id, q.assignment as mode, q.return_to_last_attendant as return_to_last,
      u.id as user_id, u.max_open_tickets as max_open, u.last_assignment_turn as turn,
      (select count(*)::int from tickets t where t.user_id = u.id and t.status = 'open') as open
    from queues q
    join user_queues uq on uq.queue_id = q.id
    join users u on u.id = uq.user_id and not u.is_deleted and u.presence = 'online'
    where q.assignment <> 'manual'
    order by q.id, u.id`),
  );
  const queues = new Map<number, QueueRule>();
  const candidates = new Map<number, Candidate>();
  for (const row of rows) {
    const turn = row.turn === null ? null : Number(row.turn);
    candidates.set(row.user_id, { userId: row.user_id, open: row.open, max: row.max_open, turn });
    const rule = queues.get(row.queue_id) ?? { mode: row.mode, returnToLastAttendant: row.return_to_last, members: [] };
    queues.set(row.queue_id, { ...rule, members: [...rule.members, row.user_id] });
  }
  return { queues, candidates };
}

/**
 * The oldest tickets waiting in these queues (pending, nobody's, in no menu), locked for this
 * transaction; one another write holds is skipped (it is taken by the next pass or the sweep).
 */
async function lockWaiting(tx: Db, queueIds: readonly number[]): Promise<Waiting[]> {
  const rows = await tx
    .select({ ticketId: tickets.id, queueId: tickets.queueId, contactId: tickets.contactId })
    .from(tickets)
    .where(and(eq(tickets.status, "pending"), isNull(tickets.userId), isNull(tickets.uraId), isNull(tickets.botId), inArray(tickets.queueId, [...queueIds])))
    .orderBy(asc(tickets.createdAt), asc(tickets.id))
    .limit(ASSIGNMENT_BATCH)
    .for("update", { skipLocked: true });
  return rows.map((row) => ({ ticketId: row.ticketId, queueId: row.queueId!, contactId: row.contactId }));
}

/** Each returning customer's last attendant: the owner of their most recent other ticket that had one. */
async function lastAttendants(tx: Db, waiting: readonly Waiting[], queues: ReadonlyMap<number, QueueRule>): Promise<Map<number, number>> {
  const contactIds = [...new Set(waiting.filter((w) => queues.get(w.queueId)?.returnToLastAttendant && w.contactId !== null).map((w) => w.contactId!))];
  if (contactIds.length === 0) return new Map();
  const rows = await tx
    .selectDistinctOn([tickets.contactId], { contactId: tickets.contactId, userId: tickets.userId })
    .from(tickets)
    .where(and(inArray(tickets.contactId, contactIds), isNotNull(tickets.userId)))
    .orderBy(tickets.contactId, desc(tickets.updatedAt), desc(tickets.id));
  return new Map(rows.map((row) => [row.contactId!, row.userId!]));
}

/** The tickets' participants as they were: the `before` of each event. */
async function participantsOf(tx: Db, ticketIds: readonly number[]): Promise<Map<number, number[]>> {
  const rows = await tx
    .select({ ticketId: ticketParticipants.ticketId, userId: ticketParticipants.userId })
    .from(ticketParticipants)
    .where(inArray(ticketParticipants.ticketId, [...ticketIds]));
  const byTicket = new Map<number, number[]>();
  for (const row of rows) byTicket.set(row.ticketId, [...(byTicket.get(row.ticketId) ?? []), row.userId]);
  return byTicket;
}

/**
 * Writes the plan: each ticket as the lifecycle's automatic accept (its owner leaves its
 * participants, as with an accept), each user's new turn, and one `ticket.assigned` per ticket,
 * from its queue's audience to its owner's, published after the commit.
 */
async function writePlan(tx: Db, publish: Publish, plan: readonly Assignment[], waiting: readonly Waiting[], now: Date): Promise<number> {
  const participants = await participantsOf(
    tx,
    plan.map((a) => a.ticketId),
  );
  const byUser = new Map<number, Assignment[]>();
  for (const item of plan) byUser.set(item.userId, [...(byUser.get(item.userId) ?? []), item]);
  const written: number[] = [];
  for (const [userId, items] of byUser) {
    const ids = items.map((a) => a.ticketId);
    // Locked by this transaction, so still pending; the condition states what the move needs all the same.
    const rows = await tx
      .update(tickets)
      .set(lifecycle.assignedAutomatically(userId, now))
      .where(and(inArray(tickets.id, ids), eq(tickets.status, "pending"), isNull(tickets.userId)))
      .returning({ id: tickets.id });
    written.push(...rows.map((row) => row.id));
    await tx.delete(ticketParticipants).where(and(inArray(ticketParticipants.ticketId, ids), eq(ticketParticipants.userId, userId)));
    await tx
      .update(users)
      .set({ lastAssignmentTurn: Math.max(...items.map((a) => a.turn)) })
      .where(eq(users.id, userId));
  }
  const presented = await presentTicketsById(tx, written);
  const queueOf = new Map(waiting.map((w) => [w.ticketId, w.queueId]));
  for (const id of written) {
    const ticket = presented.get(id);
    if (!ticket) continue;
    const before = { id, status: "pending" as const, userId: null, queueId: queueOf.get(id) ?? null, uraId: null, botId: null, participantIds: participants.get(id) ?? [] };
    publish(ticketMoment(ticket, "assigned", before));
  }
  return written.length;
}

/** One pass over at most one batch; how many it assigned and whether a full batch was read. */
async function assignBatch(ctx: AppContext, now: Date): Promise<{ assigned: number; full: boolean }> {
  return ctx.events.transaction(async (tx, publish) => {
    // Passes take turns on every instance: the counts below see every assignment committed before.
    await tx.execute(sql`select pg_advisory_xact_lock(${advisoryLocks.autoAssignment})`);
    const { queues, candidates } = await readCandidates(tx);
    const open = [...queues].filter(([, rule]) => rule.members.some((id) => hasRoom(candidates.get(id)!))).map(([id]) => id);
    if (open.length === 0) return { assigned: 0, full: false };
    const waiting = await lockWaiting(tx, open);
    if (waiting.length === 0) return { assigned: 0, full: false };
    const [turns] = await tx.select({ last: sql<string | null>`max(${users.lastAssignmentTurn})` }).from(users);
    const plan = planAssignments(waiting, queues, candidates, await lastAttendants(tx, waiting, queues), Number(turns?.last ?? 0));
    if (plan.length === 0) return { assigned: 0, full: false };
    return { assigned: await writePlan(tx, publish, plan, waiting, now), full: waiting.length === ASSIGNMENT_BATCH };
  });
}

/**
 * Gives the tickets waiting in automatic queues to online members under capacity, oldest first
 * (docs/decisions/0079), until none is left that someone can take. Safe on any number of
 * instances at once: passes take turns on an advisory lock and count capacity inside it; each
 * ticket is locked and written only while still pending and nobody's. Returns how many it gave.
 */
export async function assignWaitingTickets(ctx: AppContext, now = new Date()): Promise<number> {
  // Most installs assign by hand: one read, not a locked pass, for each ticket that starts waiting.
  const automatic = rowsOf<{ any: boolean }>(await ctx.db.execute(sql`select exists (select 1 from queues where assignment <> 'manual') as any`));
  if (!automatic[0]?.any) return 0;
  let total = 0;
  for (;;) {
    const { assigned, full } = await assignBatch(ctx, now);
    total += assigned;
    if (!full || assigned === 0) return total;
  }
}
