import type { Ticket } from "@atendo/contracts";
import { sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { domainEvent, type DomainEvent } from "../events/domain-events.js";
import { automationTriggersSlot } from "../modules/automations/automation-cache.js";
import { slaAtRiskFromSql } from "../modules/monitor/sla-sql.js";
import { presentTicketsById } from "../modules/tickets/ticket.presenter.js";

/** Tickets claimed per statement: a backlog is a series of short writes. */
const BATCH = 500;

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/**
 * Claims the candidates' moments in automation_moments (one row per ticket and moment, `at` what
 * it was announced for) with INSERT … ON CONFLICT DO UPDATE … WHERE the mark is older: of two
 * instances, the second waits on the row lock, then finds it marked and skips it. The events are
 * published by the claiming transaction, so a claim and its outbox rows commit together.
 */
async function claim(ctx: AppContext, candidates: SQL, toEvent: (ticket: Ticket, row: Claimed) => DomainEvent): Promise<number> {
  return ctx.events.transaction(async (tx, publish) => {
    const rows = rowsOf<Claimed>(
      await tx.execute(sql`
        insert into automation_moments (ticket_id, moment, at)
        select c.ticket_id, c.moment, c.at from (${candidates}) c
        on conflict (ticket_id, moment) do update set at = excluded.at where automation_moments.at < excluded.at
        returning ticket_id, moment, at`),
    );
    const tickets = await presentTicketsById(
      tx,
      rows.map((row) => row.ticket_id),
    );
    publish(...rows.flatMap((row) => (tickets.has(row.ticket_id) ? [toEvent(tickets.get(row.ticket_id)!, row)] : [])));
    return rows.length;
  });
}

interface Claimed {
  ticket_id: number;
  moment: string;
  at: string | Date;
}

/** Active tickets with no activity (`updated_at`) for `minutes`, not announced for this idle period. */
function idleCandidates(minutes: number, now: Date): SQL {
  const moment = `idle:${minutes}`;
  return sql`
    select t.id as ticket_id, ${moment}::text as moment, t.updated_at as at from tickets t
    where t.status in ('pending', 'open') and t.updated_at <= ${now.toISOString()}::timestamptz - ${minutes} * interval '1 minute'
      and not exists (select 1 from automation_moments m where m.ticket_id = t.id and m.moment = ${moment} and m.at >= t.updated_at)
    order by t.updated_at limit ${BATCH}`;
}

/** Active tickets whose SLA target turned at risk (80 % of it passed, contracts sla.ts) and was not announced for this clock. */
function slaCandidates(target: "firstResponse" | "resolution", now: Date): SQL {
  const due = sql.raw(target === "firstResponse" ? "t.first_response_due_at" : "t.resolution_due_at");
  const minutes = sql.raw(target === "firstResponse" ? "q.sla_first_response_minutes" : "q.sla_resolution_minutes");
  const running = target === "firstResponse" ? sql`t.first_response_at is null` : sql`true`;
  const moment = `sla:${target}`;
  return sql`
    select t.id as ticket_id, ${moment}::text as moment, ${due} as at from tickets t join queues q on q.id = t.queue_id
    where t.status in ('pending', 'open') and ${due} is not null and ${running}
      and ${now.toISOString()}::timestamptz >= ${slaAtRiskFromSql(due, minutes)}
      and not exists (select 1 from automation_moments m where m.ticket_id = t.id and m.moment = ${moment} and m.at = ${due})
    order by ${due} limit ${BATCH}`;
}

/**
 * The moments the automation rules' periodic triggers need (issue 33, decision 0093): for each
 * idle time an enabled ticketIdle rule names, the tickets idle that long (`ticket.idle`, once per
 * idle period: a message starts another); when a slaAtRisk rule is on, each SLA target turning
 * at risk (`ticket.slaAtRisk`, once per clock). Nothing is read while no such rule is enabled.
 */
export async function announceAutomationMoments(ctx: AppContext, now = new Date()): Promise<number> {
  const cache = ctx.slots.get(automationTriggersSlot);
  let total = 0;
  const drain = async (candidates: () => SQL, toEvent: Parameters<typeof claim>[2]) => {
    for (;;) {
      const claimed = await claim(ctx, candidates(), toEvent);
      total += claimed;
      if (claimed < BATCH) break;
    }
  };
  if (cache.has("ticketIdle")) {
    const minutes = rowsOf<{ idle_minutes: number }>(
      await ctx.db.execute(sql`select distinct idle_minutes from automation_rules where enabled and trigger = 'ticketIdle' and idle_minutes is not null`),
    );
    for (const { idle_minutes } of minutes) {
      await drain(() => idleCandidates(idle_minutes, now), (ticket) => domainEvent("ticket.idle", { ticket, minutes: idle_minutes }));
    }
  }
  if (cache.has("slaAtRisk")) {
    for (const target of ["firstResponse", "resolution"] as const) {
      await drain(
        () => slaCandidates(target, now),
        (ticket, row) => domainEvent("ticket.slaAtRisk", { ticket, target, dueAt: new Date(row.at).toISOString() }),
      );
    }
  }
  return total;
}
