import type { QueueRef, User } from "@atendo/contracts";
import type { Db } from "../../db/client.js";
import type { users } from "../../db/schema/index.js";
import { queueRefsOfUsers } from "../queues/memberships.repo.js";

export type UserRow = typeof users.$inferSelect;

/** The API shape of a user: never the hash or the token version. */
export function presentUser(row: UserRow, queues: QueueRef[] = []): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    profile: row.profile,
    extension: row.extension,
    whatsappId: row.whatsappId,
    // Connections come with their own issue; until then no user has one to show.
    whatsapp: null,
    queues,
    canSeeAllTicketHistory: row.canSeeAllTicketHistory,
    isDeleted: row.isDeleted,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Presents many users with their queues in one extra query. */
export async function presentUsers(db: Db, rows: readonly UserRow[]): Promise<User[]> {
  const queuesByUser = await queueRefsOfUsers(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentUser(row, queuesByUser.get(row.id)));
}

export async function presentUserWithQueues(db: Db, row: UserRow): Promise<User> {
  const [user] = await presentUsers(db, [row]);
  if (!user) throw new Error("unreachable: one row in, one user out");
  return user;
}
