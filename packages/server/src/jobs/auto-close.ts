import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { tickets } from "../db/schema/index.js";
import { emitTicket } from "../modules/tickets/ticket-events.js";
import { presentTicketsById } from "../modules/tickets/ticket.presenter.js";

/** Tickets closed per statement: a first run over a large backlog stays a series of short writes. */
const BATCH = 200;
const HOUR_MS = 3_600_000;

/**
 * Closes, in one statement per batch, the open tickets whose last update is older than `hours`
 * before `now`, and announces each (`ticket` `closed`) to who may see it. Several instances may
 * run it at once: rows another instance has locked are skipped, and the outer conditions are
 * checked again on the row being written, so a ticket is closed — and announced — once, and a
 * ticket that received a message meanwhile stays open. Returns how many it closed.
 */
export async function closeIdleTickets(ctx: AppContext, hours: number, now = new Date()): Promise<number> {
  if (!(hours > 0)) return 0;
  const cutoff = new Date(now.getTime() - hours * HOUR_MS);
  const idle = and(eq(tickets.status, "open"), lt(tickets.updatedAt, cutoff));
  let total = 0;
  for (;;) {
    // tickets_status_updated_idx: a range scan over (status = open, updated_at < cutoff).
    const batch = ctx.db.select({ id: tickets.id }).from(tickets).where(idle).orderBy(asc(tickets.updatedAt)).limit(BATCH).for("update", { skipLocked: true });
    const closed = await ctx.db
      .update(tickets)
      .set({ status: "closed", closedAt: now, updatedAt: now })
      .where(and(inArray(tickets.id, batch), idle))
      .returning({ id: tickets.id });
    total += closed.length;
    const presented = await presentTicketsById(
      ctx.db,
      closed.map((row) => row.id),
    );
    // The audience of a closed ticket (admins, owner, participants) is the one it had while open.
    for (const ticket of presented.values()) emitTicket(ctx, ticket, { action: "closed", ticket });
    if (closed.length < BATCH) return total;
  }
}

export interface AutoCloseOptions {
  /** Time between runs (default one minute). */
  intervalMs?: number;
  now?: () => Date;
}

export interface AutoCloseJob {
  /** Resolves once a run in progress has finished; no run starts afterwards. */
  stop(): Promise<void>;
}

/**
 * Runs closeIdleTickets on a schedule while TICKETS_AUTO_CLOSE_HOURS is above 0 (main.ts). The
 * next run is scheduled when one ends, so runs never overlap; a failed run is logged and the
 * schedule goes on.
 */
export function startAutoClose(ctx: AppContext, options: AutoCloseOptions = {}): AutoCloseJob {
  const hours = ctx.config.TICKETS_AUTO_CLOSE_HOURS;
  if (!(hours > 0)) return { stop: async () => undefined };
  const intervalMs = options.intervalMs ?? 60_000;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const run = async () => {
    try {
      const closed = await closeIdleTickets(ctx, hours, options.now?.() ?? new Date());
      if (closed > 0) ctx.log.info({ closed, hours }, "idle tickets closed");
    } catch (error) {
      ctx.log.error({ err: error }, "auto-close run failed");
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().then(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
