import type { QueueRef, User } from "@atendo/contracts";
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { connections, type users } from "../../db/schema/index.js";
import { queueRefsOfUsers } from "../queues/memberships.repo.js";

export type UserRow = typeof users.$inferSelect;

/** The API shape of a user: never the hash or the token version. */
export function presentUser(row: UserRow, queues: QueueRef[] = [], whatsapp: User["whatsapp"] = null): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    profile: row.profile,
    extension: row.extension,
    whatsappId: row.whatsappId,
    whatsapp,
    queues,
    canSeeAllTicketHistory: row.canSeeAllTicketHistory,
    maxOpenTickets: row.maxOpenTickets,
    isDeleted: row.isDeleted,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The named default connections of many users, in one query (none when no user has one). */
async function connectionRefs(db: Db, rows: readonly UserRow[]): Promise<Map<number, NonNullable<User["whatsapp"]>>> {
  const ids = [...new Set(rows.flatMap((row) => (row.whatsappId === null ? [] : [row.whatsappId])))];
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: connections.id, name: connections.name }).from(connections).where(inArray(connections.id, ids));
  return new Map(found.map((ref) => [ref.id, ref]));
}

/** Presents many users with their queues and default connections in at most two extra queries. */
export async function presentUsers(db: Db, rows: readonly UserRow[]): Promise<User[]> {
  const [queuesByUser, connectionsById] = await Promise.all([
    queueRefsOfUsers(
      db,
      rows.map((row) => row.id),
    ),
    connectionRefs(db, rows),
  ]);
  return rows.map((row) =>
    presentUser(row, queuesByUser.get(row.id), row.whatsappId === null ? null : (connectionsById.get(row.whatsappId) ?? null)),
  );
}

export async function presentUserWithQueues(db: Db, row: UserRow): Promise<User> {
  const [user] = await presentUsers(db, [row]);
  if (!user) throw new Error("unreachable: one row in, one user out");
  return user;
}
