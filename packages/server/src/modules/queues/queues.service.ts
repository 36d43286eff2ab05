import type { createQueueBody, Queue, QueueEvent, updateQueueBody, UserRef } from "@atendo/contracts";
import { asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { insertRow, updateRow } from "../../db/row-writes.js";
import type { Publish } from "../../events/event-bus.js";
import { queues, tickets } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { assertActiveUsers, memberIdsOfQueue, membersOfQueues, replaceQueueMembers } from "./memberships.repo.js";
import { assertNotUsedAsDestination } from "../destinations/destination-usage.js";
import { ticketMoment } from "../tickets/ticket-events.js";
import { presentTicketsById } from "../tickets/ticket.presenter.js";
import { assertCanManageQueues } from "./queue.policy.js";

type QueueRow = typeof queues.$inferSelect;
type CreateQueue = z.output<typeof createQueueBody>;
type UpdateQueue = z.output<typeof updateQueueBody>;

function presentQueue(row: QueueRow, users: UserRef[] = []): Queue {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    greetingMessage: row.greetingMessage,
    businessHours: row.businessHours,
    outOfHoursMessage: row.outOfHoursMessage,
    assignment: row.assignment,
    returnToLastAttendant: row.returnToLastAttendant,
    assistantEnabled: row.assistantEnabled,
    sla: { firstResponseMinutes: row.slaFirstResponseMinutes, resolutionMinutes: row.slaResolutionMinutes },
    users,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The queue's own columns: the form less its members, which are written apart; the SLA targets in their columns. */
function fields<Form extends CreateQueue | UpdateQueue>({ userIds: _members, sla, ...columns }: Form) {
  return sla === undefined ? columns : { ...columns, slaFirstResponseMinutes: sla.firstResponseMinutes, slaResolutionMinutes: sla.resolutionMinutes };
}

async function presentQueues(db: Db, rows: readonly QueueRow[]): Promise<Queue[]> {
  const members = await membersOfQueues(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentQueue(row, members.get(row.id)));
}

async function findQueue(db: Db, id: number): Promise<QueueRow> {
  const [row] = await db.select().from(queues).where(eq(queues.id, id)).limit(1);
  if (!row) throw new AppError("ERR_QUEUE_NOT_FOUND");
  return row;
}

async function presentOne(db: Db, row: QueueRow): Promise<Queue> {
  const [queue] = await presentQueues(db, [row]);
  if (!queue) throw new Error("unreachable: one row in, one queue out");
  return queue;
}

/**
 * Members before and after a change all hear about it (admins always): a removed member's
 * filter must drop the queue. Their sockets move rooms first, so the next ticket event is right.
 */
function announce(ctx: AppContext, membersBefore: readonly number[], membersAfter: readonly number[], queueId: number, event: QueueEvent): Promise<void> {
  return ctx.events.emit("queue.changed", { event, queueId, membersBefore, membersAfter });
}

/** Every signed-in user reads queues: attendants filter and transfer tickets by them (docs/decisions/0006). */
export async function listQueues(ctx: AppContext): Promise<Queue[]> {
  const rows = await ctx.db.select().from(queues).orderBy(asc(sql`lower(${queues.name})`), asc(queues.id));
  return presentQueues(ctx.db, rows);
}

export async function getQueue(ctx: AppContext, id: number): Promise<Queue> {
  return presentOne(ctx.db, await findQueue(ctx.db, id));
}

export async function createQueue(ctx: AppContext, actor: Actor, body: CreateQueue): Promise<Queue> {
  assertCanManageQueues(actor);
  await assertActiveUsers(ctx.db, body.userIds);
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertRow(tx, queues, fields(body));
    await replaceQueueMembers(tx, inserted.id, body.userIds);
    return inserted;
  });
  const queue = await presentOne(ctx.db, row);
  await announce(ctx, [], body.userIds, row.id, { action: "create", queue });
  return queue;
}

export async function updateQueue(ctx: AppContext, actor: Actor, id: number, body: UpdateQueue): Promise<Queue> {
  assertCanManageQueues(actor);
  await findQueue(ctx.db, id);
  if (body.userIds) await assertActiveUsers(ctx.db, body.userIds);
  const membersBefore = await memberIdsOfQueue(ctx.db, id);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateRow(tx, queues, id, fields(body), "ERR_QUEUE_NOT_FOUND");
    if (body.userIds) await replaceQueueMembers(tx, id, body.userIds);
    return updated;
  });
  const queue = await presentOne(ctx.db, row);
  await announce(ctx, membersBefore, body.userIds ?? membersBefore, id, { action: "update", queue });
  return queue;
}

/** How many moved tickets are presented per query when a deleted queue's tickets are announced. */
const ANNOUNCE_BATCH = 500;

/** Each ticket that left a deleted queue reaches who may see it now (every user, if pending). */
async function movedTicketMoments(tx: Db, ids: readonly number[], publish: Publish): Promise<void> {
  for (let start = 0; start < ids.length; start += ANNOUNCE_BATCH) {
    const presented = await presentTicketsById(tx, ids.slice(start, start + ANNOUNCE_BATCH));
    publish(...[...presented.values()].map((ticket) => ticketMoment(ticket, "updateQueue")));
  }
}

/**
 * Memberships go with the queue; its tickets stay, in no queue (docs/decisions/0006). They are
 * moved here rather than only by the foreign key's ON DELETE SET NULL so the moved ids are known
 * and announced after the commit; the key still catches a ticket moved in meanwhile. A queue some
 * connection, menu or announcement still sends customers to stays (409 ERR_DESTINATION_IN_USE,
 * docs/decisions/0037).
 */
export async function deleteQueue(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanManageQueues(actor);
  await findQueue(ctx.db, id);
  const membersBefore = await memberIdsOfQueue(ctx.db, id);
  // Tickets first: a pending one goes to everyone, members included, before they leave the room.
  await ctx.events.transaction(async (tx, publish) => {
    await assertNotUsedAsDestination(tx, "queue", id);
    const moved = await tx.update(tickets).set({ queueId: null }).where(eq(tickets.queueId, id)).returning({ id: tickets.id });
    const deleted = await tx.delete(queues).where(eq(queues.id, id)).returning({ id: queues.id });
    if (deleted.length === 0) throw new AppError("ERR_QUEUE_NOT_FOUND");
    await movedTicketMoments(
      tx,
      moved.map((row) => row.id),
      publish,
    );
  });
  await announce(ctx, membersBefore, [], id, { action: "delete", queueId: id });
}
