import type { SQL } from "drizzle-orm";
import type pg from "pg";
import type { OutboundPace, PacePriority, PaceSlot } from "../../context-types.js";
import type { Db } from "../../db/client.js";
import type { connectionPace } from "../../db/schema/index.js";
import { slotQuery, slotStatement, type SlotRequest } from "./pace-sql.js";

type PaceRow = typeof connectionPace.$inferSelect;

/** What a decision row says, as the seam's answer (a row not made: the connection is gone, nothing may leave). */
export function slotOf(row: Pick<PaceRow, "granted" | "retryAt" | "reason"> | undefined, now: Date): PaceSlot {
  if (!row) return { granted: false, retryAt: new Date(now.getTime() + 60_000), reason: "rate" };
  if (row.granted) return { granted: true };
  return { granted: false, retryAt: new Date(row.retryAt ?? now), reason: row.reason ?? "rate" };
}

/** Grants every slot: for a context that sends nothing paced (a tool, a test of something else). */
export class UnlimitedPace implements OutboundPace {
  take(): Promise<PaceSlot> {
    return Promise.resolve({ granted: true });
  }

  takeSlots(_connectionId: number, _priority: PacePriority, count: number): Promise<number> {
    return Promise.resolve(count);
  }
}

/**
 * The connection's outbound pace kept in the database (connection_pace, pace-sql.ts), so every
 * instance on it shares one limit: one statement per slot.
 */
export class DatabasePace implements OutboundPace {
  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
    private readonly random: () => number = Math.random,
    /** On PostgreSQL, `take` runs as a prepared statement of the pool (a campaign asks many times a second: no parse and plan each time). */
    private readonly pool?: pg.Pool,
  ) {}

  /** The request for one slot, for a statement that folds the slot in (the dispatch's claim). */
  request(connectionId: number, priority: PacePriority, now: Date, dueMessageId?: number): SlotRequest {
    return { connectionId, priority, now, timeZone: this.timeZone, random: this.random(), dueMessageId };
  }

  slotStatement(connectionId: number, priority: PacePriority, now: Date, dueMessageId: number): SQL {
    return slotStatement(this.request(connectionId, priority, now, dueMessageId));
  }

  async take(connectionId: number, priority: PacePriority, now: Date = new Date()): Promise<PaceSlot> {
    const row = await this.decide(this.request(connectionId, priority, now));
    return slotOf(row && { granted: row.granted, retryAt: row.retry_at === null ? null : new Date(row.retry_at), reason: row.reason }, now);
  }

  async takeSlots(connectionId: number, priority: PacePriority, count: number, now: Date = new Date()): Promise<number> {
    if (count <= 0) return 0;
    const row = await this.decide({ ...this.request(connectionId, priority, now), count });
    return row?.granted ? row.slots : 0;
  }

  private async decide(request: SlotRequest) {
    // The text is the same for every take of one priority (the values are parameters).
    const result = this.pool ? await this.pool.query(slotQuery(request)) : await this.db.execute(slotStatement(request));
    const [row] = (result as unknown as { rows: { granted: boolean; retry_at: string | Date | null; reason: PaceRow["reason"]; slots: number }[] }).rows;
    return row;
  }
}
