import type { ReportSatisfaction } from "@atendo/contracts";
import { sql, type SQL } from "drizzle-orm";
import { reportTickets, type ReportFilters } from "./report-filters.js";
import type { ReportPeriod } from "./report-period.js";

/** Average and count of `r`'s scores per `key` (user_id or queue_id), named by `names`, most rated first. */
function groups(key: "user_id" | "queue_id", names: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', g.key, 'name', coalesce(g.name, ''), 'count', g.n, 'average', g.average)
      order by g.n desc, g.key), '[]'::json)
    from (select r.${sql.raw(key)} as key, (${names}) as name, count(*)::int as n, round(avg(r.rating_score), 2)::float8 as average
      from r group by r.${sql.raw(key)}) g)`;
}

/**
 * The satisfaction figures of the charts (issue 30, docs/decisions/0081), in a statement of their
 * own beside the others: the report's tickets (created in the period, same filters; the range of
 * tickets_created_idx) that were rated, read once (`r`), then counted, averaged, spread over the
 * five scores and grouped by attendant and by queue.
 */
export function ratingFiguresStatement(period: ReportPeriod, filters: ReportFilters): SQL {
  return sql`with r as materialized (
      select t.user_id, t.queue_id, t.rating_score from tickets t
      where ${reportTickets(period, filters)} and t.rating_score is not null)
    select json_build_object(
      'count', (select count(*)::int from r),
      'average', (select round(avg(r.rating_score), 2)::float8 from r),
      'distribution', (select json_agg((select count(*)::int from r where r.rating_score = s) order by s) from generate_series(1, 5) s),
      'byUser', ${groups("user_id", sql`select u.name from users u where u.id = r.user_id`)},
      'byQueue', ${groups("queue_id", sql`select q.name from queues q where q.id = r.queue_id`)}
    ) as figures`;
}

/** What ratingFiguresStatement answers: the charts' `satisfaction`. */
export type RatingFigures = ReportSatisfaction;
