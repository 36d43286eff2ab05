import type { Tag } from "@atendo/contracts";
import { sql, type SQL } from "drizzle-orm";
import { narrowing, reportTickets, resolvedAt, wasResolved, type ReportFilters } from "./report-filters.js";
import type { ReportPeriod } from "./report-period.js";

// The charts' figures in two statements, run side by side on two connections (each returns one
// JSON document). The tickets' figures read the report's tickets once (`p`, along
// tickets_created_idx). The messages' figures read the period's messages, found by
// messages_created_brin_idx (messages are written in time order), joined to their tickets only
// when a filter narrows them. Days and hours are on the install's clock (`at time zone`, the zone
// a parameter).

/**
 * A duration's median and 90th percentile in whole seconds, and how many tickets it is over, per
 * `key` of `p` (`seconds`: a column of `p`, null where the ticket has no such duration).
 */
function durations(key: "user_id" | "queue_id", names: SQL, seconds: "first_response_s" | "resolution_s"): SQL {
  const value = sql.raw(`p.${seconds}`);
  return sql`(select coalesce(json_agg(json_build_object('id', d.key, 'name', coalesce(d.name, ''), 'count', d.n,
      'medianSeconds', round(d.stats[1]), 'p90Seconds', round(d.stats[2])) order by d.n desc, d.key), '[]'::json)
    from (select p.${sql.raw(key)} as key, (${names}) as name, count(*)::int as n,
        percentile_cont(array[0.5, 0.9]) within group (order by ${value}) as stats
      from p where ${value} is not null group by p.${sql.raw(key)}) d)`;
}

const userName = sql`select u.name from users u where u.id = p.user_id`;
const queueName = sql`select q.name from queues q where q.id = p.queue_id`;

/** The day on the install's clock, as a date: grouped on, and spelled `yyyy-mm-dd` once per group, not per row. */
function localDay(column: SQL, timeZone: string): SQL {
  return sql`(${column} at time zone ${timeZone})::date`;
}

function bounds(period: ReportPeriod) {
  return { start: sql`${period.start.toISOString()}::timestamptz`, end: sql`${period.end.toISOString()}::timestamptz` };
}

/**
 * - `created`: the report's tickets by the day they were created;
 * - `resolved`: tickets resolved (wasResolved) in the period, whenever created, same attendant, queue and status filters;
 * - first response (`first_response_at`, kept by the message writers) and resolution times per
 *   attendant and per queue (the ticket's current ones), over the report's tickets (resolved ones:
 *   wasResolved, which leaves out a monitoring's records);
 * - new tickets by weekday (0 Sunday) and hour;
 * - the report's tickets carrying each label (each ticket's labels by ticket_tags' primary key).
 */
export function ticketFiguresStatement(period: ReportPeriod, filters: ReportFilters): SQL {
  const tz = period.timeZone;
  const { start, end } = bounds(period);
  const resolvedWhere = sql.join([wasResolved, sql`t.closed_at >= ${start}`, sql`t.closed_at <= ${end}`, ...narrowing(filters)], sql` and `);
  // greatest() skips nulls: a missing moment must stay null, not become 0.
  const since = (moment: SQL) => sql`case when ${moment} is not null then greatest(0, extract(epoch from ${moment} - t.created_at)) end`;
  // Each ticket's wall-clock creation and durations, worked out once for every figure below.
  return sql`with p as materialized (
      select t.id, t.user_id, t.queue_id, t.created_at at time zone ${tz} as local_created,
        ${since(sql`t.first_response_at`)} as first_response_s,
        ${since(resolvedAt)} as resolution_s
      from tickets t where ${reportTickets(period, filters)})
    select json_build_object(
      'created', (select coalesce(json_object_agg(c.day::text, c.n), '{}'::json)
        from (select p.local_created::date as day, count(*)::int as n from p group by 1) c),
      'resolved', (select coalesce(json_object_agg(r.day::text, r.n), '{}'::json)
        from (select ${localDay(sql`t.closed_at`, tz)} as day, count(*)::int as n from tickets t where ${resolvedWhere} group by 1) r),
      'firstResponseByUser', ${durations("user_id", userName, "first_response_s")},
      'firstResponseByQueue', ${durations("queue_id", queueName, "first_response_s")},
      'resolutionByUser', ${durations("user_id", userName, "resolution_s")},
      'resolutionByQueue', ${durations("queue_id", queueName, "resolution_s")},
      'busiestHours', (select coalesce(json_agg(json_build_object('weekday', h.weekday, 'hour', h.hour, 'count', h.n)
          order by h.weekday, h.hour), '[]'::json)
        from (select extract(dow from p.local_created)::int as weekday, extract(hour from p.local_created)::int as hour,
            count(*)::int as n
          from p group by 1, 2) h),
      'ticketsPerTag', (select coalesce(json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color, 'count', n.n)
          order by n.n desc, lower(g.name), g.id), '[]'::json)
        from (select tt.tag_id, count(*)::int as n from p join ticket_tags tt on tt.ticket_id = p.id group by 1) n
        join tags g on g.id = n.tag_id)
    ) as figures`;
}

/**
 * Messages written in the period (in tickets of the same attendant, queue and status filters), by
 * day: day → [from customers, from the team] (Atendo's automatic texts left out).
 */
export function messageFiguresStatement(period: ReportPeriod, filters: ReportFilters): SQL {
  const { start, end } = bounds(period);
  const narrowed = narrowing(filters);
  const ofTickets = narrowed.length > 0 ? sql`join tickets t on t.id = m.ticket_id and ${sql.join(narrowed, sql` and `)}` : sql``;
  return sql`select coalesce(json_object_agg(m.day::text, json_build_array(m.n_in, m.n_out)), '{}'::json) as figures
    from (select ${localDay(sql`m.created_at`, period.timeZone)} as day,
        (count(*) filter (where not m.from_me))::int as n_in,
        (count(*) filter (where m.from_me and m.media_type <> 'chat-automatic'))::int as n_out
      from messages m ${ofTickets}
      where m.created_at >= ${start} and m.created_at <= ${end} group by 1) m`;
}

/** What ticketFiguresStatement answers. */
export interface TicketFigures {
  created: Record<string, number>;
  resolved: Record<string, number>;
  firstResponseByUser: Durations[];
  firstResponseByQueue: Durations[];
  resolutionByUser: Durations[];
  resolutionByQueue: Durations[];
  busiestHours: { weekday: number; hour: number; count: number }[];
  ticketsPerTag: (Tag & { count: number })[];
}

interface Durations {
  id: number | null;
  name: string;
  count: number;
  medianSeconds: number;
  p90Seconds: number;
}

/** What messageFiguresStatement answers: day → [from customers, from the team]. */
export type MessageFigures = Record<string, [number, number]>;
