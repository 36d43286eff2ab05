import type { Monitoring } from "@atendo/contracts";
import { eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { monitorings, queues, users } from "../../db/schema/index.js";

/** Monitorings with their owner and queue, in one query, ordered as `orderBy` says. */
export async function monitoringsWhere(db: Db, where: SQL | undefined, orderBy: SQL[] = []): Promise<Monitoring[]> {
  const rows = await db
    .select({
      row: monitorings,
      user: { id: users.id, name: users.name },
      queue: { id: queues.id, name: queues.name, color: queues.color },
    })
    .from(monitorings)
    .innerJoin(users, eq(users.id, monitorings.userId))
    .leftJoin(queues, eq(queues.id, monitorings.queueId))
    .where(where)
    .orderBy(...orderBy);
  return rows.map(({ row, user, queue }) => ({
    id: row.id,
    name: row.name,
    status: row.status,
    userId: row.userId,
    user,
    queueId: row.queueId,
    queue,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

