import type { QueueRef, UserRef } from "@atendo/contracts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { queues, userQueues, users } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";

/** Queues of many users in one query (list presenters must not query per row). */
export async function queueRefsOfUsers(db: Db, userIds: readonly number[]): Promise<Map<number, QueueRef[]>> {
  const byUser = new Map<number, QueueRef[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(inArray(userQueues.userId, [...userIds]))
    .orderBy(asc(sql`lower(${queues.name})`), asc(queues.id));
  for (const { userId, ...queue } of rows) byUser.get(userId)?.push(queue);
  return byUser;
}

/** Active members of many queues in one query; soft-deleted users keep their rows but are not shown. */
export async function membersOfQueues(db: Db, queueIds: readonly number[]): Promise<Map<number, UserRef[]>> {
  const byQueue = new Map<number, UserRef[]>(queueIds.map((id) => [id, []]));
  if (queueIds.length === 0) return byQueue;
  const rows = await db
    .select({ queueId: userQueues.queueId, id: users.id, name: users.name })
    .from(userQueues)
    .innerJoin(users, and(eq(users.id, userQueues.userId), eq(users.isDeleted, false)))
    .where(inArray(userQueues.queueId, [...queueIds]))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  for (const { queueId, ...member } of rows) byQueue.get(queueId)?.push(member);
  return byQueue;
}

/**
 * Queues no active user belongs to (a removed user's rows do not count: they can no longer sign
 * in). Their waiting customers are admins' work (docs/decisions/0069); queues are few, so this is
 * read once per request, never per ticket.
 */
export async function unstaffedQueueIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: queues.id })
    .from(queues)
    .where(
      sql`not exists (select 1 from ${userQueues} uq join ${users} u on u.id = uq.user_id and not u.is_deleted where uq.queue_id = ${queues.id})`,
    )
    .orderBy(asc(queues.id));
  return rows.map((row) => row.id);
}

export async function queueIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: userQueues.queueId }).from(userQueues).where(eq(userQueues.userId, userId));
  return rows.map((row) => row.id);
}

/** Every member id, removed users included: their sockets are gone, but the rows are real. */
export async function memberIdsOfQueue(db: Db, queueId: number): Promise<number[]> {
  const rows = await db.select({ id: userQueues.userId }).from(userQueues).where(eq(userQueues.queueId, queueId));
  return rows.map((row) => row.id);
}

/** Replaces a user's queues; call inside the transaction that writes the user. */
export async function replaceUserQueues(tx: Db, userId: number, queueIds: readonly number[]): Promise<void> {
  await tx.delete(userQueues).where(eq(userQueues.userId, userId));
  if (queueIds.length > 0) await tx.insert(userQueues).values(queueIds.map((queueId) => ({ userId, queueId })));
}

/** Replaces a queue's members; call inside the transaction that writes the queue. */
export async function replaceQueueMembers(tx: Db, queueId: number, userIds: readonly number[]): Promise<void> {
  await tx.delete(userQueues).where(eq(userQueues.queueId, queueId));
  if (userIds.length > 0) await tx.insert(userQueues).values(userIds.map((userId) => ({ userId, queueId })));
}

/** A submitted queue id that does not exist is a clear 404, not a foreign-key 400. */
export async function assertQueuesExist(db: Db, queueIds: readonly number[]): Promise<void> {
  if (queueIds.length === 0) return;
  const found = await db.select({ id: queues.id }).from(queues).where(inArray(queues.id, [...queueIds]));
  if (found.length !== queueIds.length) throw new AppError("ERR_QUEUE_NOT_FOUND");
}

/** Only active users may join a queue. */
export async function assertActiveUsers(db: Db, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), eq(users.isDeleted, false)));
  if (found.length !== userIds.length) throw new AppError("ERR_NO_USER_FOUND");
}
