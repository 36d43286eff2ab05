import type { PresenceStatus, Profile, QueueAssignmentMode } from "@atendo/contracts";
import { sql, type SQL } from "drizzle-orm";
import { slaNextChangeSql, slaStateSql } from "./sla-sql.js";

// The live monitor's figures in one statement answering one JSON document (docs/decisions/0082).
// What it reads grows with the work in hand, not with the history:
// - `a`: the active tickets (pending and open), found by tickets_status_updated_idx (status first),
//   each with the state of its unmet SLA targets (the one rule, sla-sql.ts) and when that changes;
// - today's first answers: the active tickets answered since the day began, and the tickets closed
//   since then (tickets_closed_idx, partial on closed ones) answered since then — a ticket's first
//   answer comes before its close, so no ticket answered today is missed;
// - the queues and the active users, whole (tens or hundreds of rows).

/** Figures as the statement answers them (moments as PostgreSQL writes them in JSON). */
export interface MonitorFigures {
  queues: { id: number; name: string; color: string; assignment: QueueAssignmentMode; waiting: number; oldest: string | null; atRisk: number; breached: number }[];
  /** The tickets in no queue, when any is waiting or near or past a target. */
  noQueue: { waiting: number; oldest: string | null; atRisk: number; breached: number } | null;
  attendants: {
    id: number;
    name: string;
    profile: Profile;
    presence: PresenceStatus;
    openTickets: number;
    maxOpenTickets: number | null;
    firstResponsesToday: number;
    firstResponseMedianSeconds: number | null;
  }[];
  /** The next moment an unmet target turns at risk or breached; null when none will. */
  nextChange: string | null;
}

/** The statement of the figures at `now`, "today" being [dayStart, dayEnd) on the install's clock. */
export function monitorStatement(now: Date, dayStart: Date, dayEnd: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const from = sql`${dayStart.toISOString()}::timestamptz`;
  const to = sql`${dayEnd.toISOString()}::timestamptz`;
  const firstDue = sql`t.first_response_due_at`;
  const firstTarget = sql`q.sla_first_response_minutes`;
  const resolutionDue = sql`t.resolution_due_at`;
  const resolutionTarget = sql`q.sla_resolution_minutes`;
  // A first-response target is unmet until the first answer; a resolution target while the ticket is active (all of `a`).
  const firstUnmet = sql`t.first_response_at is null and t.first_response_due_at is not null`;
  const resolutionUnmet = sql`t.resolution_due_at is not null`;
  const state = (unmet: SQL, due: SQL, target: SQL) => sql`case when ${unmet} then ${slaStateSql(due, target, at)} else 'ok' end`;
  const next = (unmet: SQL, due: SQL, target: SQL) => sql`case when ${unmet} then ${slaNextChangeSql(due, target, at)} end`;
  const waits = sql`a.status = 'pending' and a.ura_id is null and a.bot_id is null`;
  const breached = sql`'breached' in (a.first_state, a.resolution_state)`;
  return sql`with a as materialized (
      select t.status, t.queue_id, t.user_id, t.ura_id, t.bot_id, t.created_at, t.first_response_at,
        ${state(firstUnmet, firstDue, firstTarget)} as first_state,
        ${state(resolutionUnmet, resolutionDue, resolutionTarget)} as resolution_state,
        ${next(firstUnmet, firstDue, firstTarget)} as first_next,
        ${next(resolutionUnmet, resolutionDue, resolutionTarget)} as resolution_next
      from tickets t left join queues q on q.id = t.queue_id
      where t.status in ('pending', 'open')),
    by_queue as (
      select a.queue_id,
        (count(*) filter (where ${waits}))::int as waiting,
        min(a.created_at) filter (where ${waits}) as oldest,
        (count(*) filter (where ${breached}))::int as breached,
        (count(*) filter (where not ${breached} and 'atRisk' in (a.first_state, a.resolution_state)))::int as at_risk
      from a group by a.queue_id),
    open_by_user as (select a.user_id, count(*)::int as n from a where a.status = 'open' and a.user_id is not null group by a.user_id),
    answered as (
      select f.user_id, count(*)::int as n,
        percentile_cont(0.5) within group (order by greatest(0, extract(epoch from f.first_response_at - f.created_at))) as median
      from (
        select a.user_id, a.created_at, a.first_response_at from a
          where a.first_response_at >= ${from} and a.first_response_at < ${to}
        union all
        select t.user_id, t.created_at, t.first_response_at from tickets t
          where t.status = 'closed' and t.closed_at >= ${from} and t.first_response_at >= ${from} and t.first_response_at < ${to}
      ) f
      where f.user_id is not null group by f.user_id)
    select json_build_object(
      'queues', (select coalesce(json_agg(json_build_object('id', q.id, 'name', q.name, 'color', q.color, 'assignment', q.assignment,
          'waiting', coalesce(b.waiting, 0), 'oldest', b.oldest, 'atRisk', coalesce(b.at_risk, 0), 'breached', coalesce(b.breached, 0))
          order by lower(q.name), q.id), '[]'::json)
        from queues q left join by_queue b on b.queue_id = q.id),
      'noQueue', (select json_build_object('waiting', b.waiting, 'oldest', b.oldest, 'atRisk', b.at_risk, 'breached', b.breached)
        from by_queue b where b.queue_id is null and (b.waiting > 0 or b.at_risk > 0 or b.breached > 0)),
      'attendants', (select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'profile', u.profile, 'presence', u.presence,
          'openTickets', coalesce(o.n, 0), 'maxOpenTickets', u.max_open_tickets,
          'firstResponsesToday', coalesce(r.n, 0), 'firstResponseMedianSeconds', round(r.median))
          order by lower(u.name), u.id), '[]'::json)
        from users u left join open_by_user o on o.user_id = u.id left join answered r on r.user_id = u.id
        where not u.is_deleted),
      'nextChange', (select min(least(a.first_next, a.resolution_next)) from a)
    ) as figures`;
}
