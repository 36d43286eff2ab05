import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { queues } from "../../db/schema/index.js";
import { clockOf, type SlaClock } from "./sla-clock.js";

/** The columns of a queue its SLA clock is read from (clockOf). */
export const queueClockFields = {
  businessHours: queues.businessHours,
  slaFirstResponseMinutes: queues.slaFirstResponseMinutes,
  slaResolutionMinutes: queues.slaResolutionMinutes,
};

/** A queue that exists, with its SLA clock (null: no targets); undefined when there is no such queue. */
export async function findQueueClock(db: Db, queueId: number, timeZone: string): Promise<{ id: number; clock: SlaClock | null } | undefined> {
  const [row] = await db
    .select({ id: queues.id, ...queueClockFields })
    .from(queues)
    .where(eq(queues.id, queueId))
    .limit(1);
  return row ? { id: row.id, clock: clockOf(row, timeZone) } : undefined;
}
