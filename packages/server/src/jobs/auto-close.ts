import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { tickets } from "../db/schema/index.js";
import { domainEvent } from "../events/domain-events.js";
import * as lifecycle from "../modules/tickets/ticket-lifecycle.js";
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
    // One transaction a batch: its events are kept with the write (decision 0057).
    const closed = await ctx.events.transaction(async (tx, publish) => {
      const rows = await tx
        .update(tickets)
        .set(lifecycle.closed(now))
        .where(and(inArray(tickets.id, batch), idle))
        .returning({ id: tickets.id });
      const presented = await presentTicketsById(
        tx,
        rows.map((row) => row.id),
      );
      // The audience of a closed ticket (admins, owner, participants) is the one it had while open.
      publish(...[...presented.values()].map((ticket) => domainEvent("ticket.closed", { ticket, transition: "closed", by: "system", idle: true })));
      return rows;
    });
    total += closed.length;
    if (closed.length < BATCH) return total;
  }
}
