import { dayOf, addDays, momentOfLocal, type MonitorQueue, type MonitorSnapshot } from "@atendo/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../core/actor.js";
import type { Db } from "../../db/client.js";
import { monitorStatement, type MonitorFigures } from "./monitor-query.js";
import { assertCanWatchMonitor } from "./monitor.policy.js";

/** The one JSON document the statement answers (node-postgres gives `{ rows }`, other drivers the rows). */
async function figuresOf(db: Db, now: Date, dayStart: Date, dayEnd: Date): Promise<MonitorFigures> {
  const result: unknown = await db.execute(monitorStatement(now, dayStart, dayEnd));
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { figures: unknown }[];
  const raw = rows[0]?.figures;
  return (typeof raw === "string" ? JSON.parse(raw) : raw) as MonitorFigures;
}

const iso = (moment: string | null) => (moment === null ? null : new Date(moment).toISOString());

function waits(oldest: string | null, now: Date) {
  const since = iso(oldest);
  return { oldestWaitingSince: since, longestWaitSeconds: since === null ? null : Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / 1000)) };
}

/**
 * GET /monitor (issue 30): the figures at this moment, from the primary (a replica's lag would
 * show an event's change late). "Today" is the day on the install's clock (TIME_ZONE), as in the
 * reports.
 */
export async function monitorSnapshot(ctx: AppContext, actor: Actor, now: Date = new Date()): Promise<MonitorSnapshot> {
  assertCanWatchMonitor(actor);
  const timeZone = ctx.config.TIME_ZONE;
  const today = dayOf(now, timeZone);
  const dayStart = momentOfLocal(today, timeZone)!;
  const dayEnd = momentOfLocal(addDays(today, 1), timeZone)!;
  const figures = await figuresOf(ctx.db, now, dayStart, dayEnd);
  const queues: MonitorQueue[] = figures.queues.map(({ oldest, ...queue }) => ({ ...queue, ...waits(oldest, now) }));
  if (figures.noQueue) {
    const { oldest, ...rest } = figures.noQueue;
    queues.push({ id: null, name: "", color: null, assignment: null, ...rest, ...waits(oldest, now) });
  }
  const nextChange = figures.nextChange === null ? dayEnd : new Date(Math.min(Date.parse(figures.nextChange), dayEnd.getTime()));
  return { at: now.toISOString(), timeZone, today, nextChangeAt: nextChange.toISOString(), queues, attendants: figures.attendants };
}
