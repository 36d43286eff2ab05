import type { ReportSlaShares } from "@atendo/contracts";
import { sql, type SQL } from "drizzle-orm";
import { slaOutcomeSql } from "../tickets/sla-outcome.js";
import { reportTickets, type ReportFilters } from "./report-filters.js";
import type { ReportPeriod } from "./report-period.js";

/** Met and breached counts of one target per `key` of `s`, with its name. */
function shares(key: "user_id" | "queue_id", names: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', d.key, 'name', coalesce(d.name, ''),
      'firstResponse', json_build_object('met', d.fr_met, 'breached', d.fr_breached),
      'resolution', json_build_object('met', d.res_met, 'breached', d.res_breached))
      order by d.n desc, d.key), '[]'::json)
    from (select s.${sql.raw(key)} as key, (${names}) as name, count(*)::int as n,
        (count(*) filter (where s.fr = 'met'))::int as fr_met, (count(*) filter (where s.fr = 'breached'))::int as fr_breached,
        (count(*) filter (where s.res = 'met'))::int as res_met, (count(*) filter (where s.res = 'breached'))::int as res_breached
      from s group by s.${sql.raw(key)}) d)`;
}

/**
 * SLA compliance of the report's tickets that had a target (issue 30, docs/decisions/0080): per
 * attendant and per queue (the ticket's current ones), how many met each target and how many
 * missed it, by the one outcome rule (sla-outcome.ts). One JSON document, `figures`.
 */
export function slaFiguresStatement(period: ReportPeriod, filters: ReportFilters, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`with s as materialized (
      select t.user_id, t.queue_id, ${slaOutcomeSql("firstResponse", "t", at)} as fr, ${slaOutcomeSql("resolution", "t", at)} as res
      from tickets t where ${reportTickets(period, filters)} and (t.first_response_due_at is not null or t.resolution_due_at is not null))
    select json_build_object(
      'byUser', ${shares("user_id", sql`select u.name from users u where u.id = s.user_id`)},
      'byQueue', ${shares("queue_id", sql`select q.name from queues q where q.id = s.queue_id`)}
    ) as figures`;
}

/** What slaFiguresStatement answers. */
export interface SlaFigures {
  byUser: ReportSlaShares[];
  byQueue: ReportSlaShares[];
}
