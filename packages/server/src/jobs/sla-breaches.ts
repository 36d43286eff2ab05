import type { SlaTarget } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { domainEvent, type DomainEvent } from "../events/domain-events.js";

/** Tickets claimed per statement: a backlog (the first run after a long stop) is a series of short writes. */
const BATCH = 500;

interface Claimed {
  id: number;
  status: "pending" | "open";
  user_id: number | null;
  queue_id: number | null;
  ura_id: number | null;
  due_at: string | Date;
  contact_name: string | null;
  participant_ids: number[] | null;
}

const columns = {
  firstResponse: { due: sql.raw("first_response_due_at"), announced: sql.raw("first_response_breached_at"), running: sql`t.first_response_at is null` },
  resolution: { due: sql.raw("resolution_due_at"), announced: sql.raw("resolution_breached_at"), running: sql`true` },
} as const;

/**
 * Claims the active tickets whose `target` passed its due time unmet and was not announced yet:
 * one UPDATE … RETURNING marks them announced, so of two instances running at once each ticket is
 * claimed by one (the other's UPDATE waits on the row lock, then finds it marked and skips it).
 * Candidates come from tickets_sla_due_idx (a due target means the next due time has passed).
 */
async function claim(ctx: AppContext, target: SlaTarget, now: Date): Promise<{ events: DomainEvent[]; full: boolean }> {
  const { due, announced, running } = columns[target];
  const at = sql`${now.toISOString()}::timestamptz`;
  const nextDue = sql`least(case when t.first_response_at is null then t.first_response_due_at end, t.resolution_due_at)`;
  return ctx.events.transaction(async (tx, publish) => {
    const result: unknown = await tx.execute(sql`
      with candidates as (
        select t.id from tickets t
        where t.status in ('pending', 'open') and ${nextDue} <= ${at}
          and t.${announced} is null and t.${due} <= ${at} and ${running}
        order by t.id limit ${BATCH}
      ), claimed as (
        update tickets t set ${announced} = ${at}
        from candidates c
        where t.id = c.id and t.status in ('pending', 'open') and t.${announced} is null and t.${due} <= ${at} and ${running}
        returning t.id, t.status, t.user_id, t.queue_id, t.ura_id, t.contact_id, t.${due} as due_at
      )
      select c.id, c.status, c.user_id, c.queue_id, c.ura_id, c.due_at, ct.name as contact_name,
        (select array_agg(p.user_id) from ticket_participants p where p.ticket_id = c.id) as participant_ids
      from claimed c left join contacts ct on ct.id = c.contact_id`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Claimed[];
    const events = rows.map((row) =>
      domainEvent("ticket.slaBreached", {
        ticket: { id: row.id, status: row.status, userId: row.user_id, queueId: row.queue_id, uraId: row.ura_id, botId: null, participantIds: row.participant_ids ?? [] },
        target,
        dueAt: new Date(row.due_at).toISOString(),
        contactName: row.contact_name ?? "",
      }),
    );
    publish(...events);
    return { events, full: rows.length === BATCH };
  });
}

/**
 * Announces each SLA target newly missed (`ticket.slaBreached`), once across instances: the mark
 * is written in the transaction that publishes the event (docs/decisions/0080). Returns how many.
 */
export async function announceSlaBreaches(ctx: AppContext, now = new Date()): Promise<number> {
  let total = 0;
  for (const target of ["firstResponse", "resolution"] as const) {
    for (;;) {
      const { events, full } = await claim(ctx, target, now);
      total += events.length;
      if (!full) break;
    }
  }
  return total;
}
