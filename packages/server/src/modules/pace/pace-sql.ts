import { addDays, dayOf, defaultConnectionPaces, momentOfLocal } from "@atendo/contracts";
import { is, Placeholder, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { PacePriority } from "../../context-types.js";
import { connectionPace, connections, messages } from "../../db/schema/index.js";

/**
 * The outbound pace's one statement (issue 31, docs/decisions/0083): a GCRA per connection. Its
 * row holds the theoretical arrival time `tat`, when the next slot is due at the configured pace.
 * A slot is granted when `tat` is no later than now plus the priority's tolerance; each granted
 * slot moves `tat` one interval on, jittered with mean one, so the average pace is exact.
 * - reply: tolerance of REPLY_BURST intervals (at least a second): a person's replies go at once
 *   while a campaign runs, and take the slots the campaign would have had next.
 * - scheduled: one interval, so a schedule takes the next slot before a campaign does.
 * - bulk: none — it waits for the slot to be due.
 * A sender back less than CATCH_UP_MS after its slot (a timer, a busy database) keeps its
 * schedule, so lateness costs it no slots; after a longer pause the pace starts afresh from now,
 * so an idle connection banks no burst. Outreach (scheduled and bulk)
 * also counts toward the daily cap, warmed up from its first day; replies never do.
 *
 * One INSERT … ON CONFLICT DO UPDATE: the row is made on the first slot, and every later decision
 * is taken on the row locked in its latest version, so instances sharing the database share the
 * pace. The decision is written into the row (granted, retry_at, reason) for RETURNING to read.
 */

const REPLY_BURST = 10;
const REPLY_TOLERANCE_MIN_MS = 1000;
const CATCH_UP_MS = 1000;
/** Each gap is the interval times a factor drawn in [1 − JITTER, 1 + JITTER] (mean 1). */
export const JITTER = 0.5;

export interface SlotRequest {
  connectionId: number;
  priority: PacePriority;
  now: Date;
  timeZone: string;
  /** A draw in [0, 1) (Math.random); tests fix it. */
  random: number;
  /** Only when this message is still due for dispatch (the claim's fold): else no slot is taken. */
  dueMessageId?: number;
  /**
   * Slots asked for at once (default 1): as many are granted, in a row, as one slot each would
   * have been asked one after another at `now` (all drawn with one jitter) — the decision's
   * `slots`; none when even the first is refused.
   */
  count?: number;
}

/** The columns a decision reads: the row's (p.…), or a fresh row's, and the connection's pace. */
interface Inputs {
  tat: SQL;
  day: SQL;
  outreach: SQL;
  startedOn: SQL;
  perMinute: SQL;
  dailyCap: SQL;
  warmUp: SQL;
}

/** What a decision writes, in this order (the insert's columns and the update's row). */
export const decisionColumns = ["tat", "day", "outreach", "started_on", "granted", "retry_at", "reason", "slots"] as const;

function milliseconds(amount: SQL): SQL {
  return sql`((${amount}) * interval '1 millisecond')`;
}

/**
 * One decision as a SELECT of one row of `decisionColumns`, each step named once (nested subqueries),
 * so the statement stays short to parse and plan whichever path (insert or update) runs it.
 */
function decision(inputs: Inputs, request: SlotRequest, values: Values): SQL {
  const tolerance =
    request.priority === "reply"
      ? sql`greatest(${sql.raw(String(REPLY_BURST))} * s.ms, ${sql.raw(String(REPLY_TOLERANCE_MIN_MS))})`
      : request.priority === "scheduled"
        ? sql`s.ms`
        : sql`0`;
  const counts = request.priority !== "reply";
  // `base`: a sender late by less than CATCH_UP_MS keeps its schedule; after a longer pause the pace starts afresh (no banked burst).
  const ifGranted = (then: SQL, otherwise: SQL) => sql`case when s.granted then ${then} else ${otherwise} end`;
  // Each step a subquery of the one before (one relation per level: nothing for the planner to order).
  const steps = [
    sql`select ${values.now}::timestamptz as now, ${values.today}::date as today, ${values.nextDay}::timestamptz as next_day, ${values.jitter}::float8 as jitter,
      ${inputs.tat} as tat, ${inputs.day} as day, ${inputs.outreach} as outreach, ${inputs.startedOn} as started_on,
      ${inputs.perMinute} as per_minute, ${inputs.dailyCap} as daily_cap, ${inputs.warmUp} as warm_up`,
    sql`60000.0 / s.per_minute as ms, case when s.day = s.today then s.outreach else 0 end as sent_today, coalesce(s.started_on, s.today) as started`,
    sql`case when s.tat >= s.now - ${milliseconds(sql.raw(String(CATCH_UP_MS)))} then s.tat else s.now end as base,
      case when s.daily_cap = 0 then null
        when s.warm_up > 0 and s.today - s.started < s.warm_up then ceil(s.daily_cap::numeric * (s.today - s.started + 1) / s.warm_up)::integer
        else s.daily_cap end as cap`,
    sql`${tolerance} as tolerance, ${counts ? sql`(s.cap is null or s.sent_today < s.cap)` : sql`true`} as cap_ok`,
    sql`s.base <= s.now + ${milliseconds(sql`s.tolerance`)} and s.cap_ok as granted`,
    // Slot i (from 0) is due at base + i gaps: those due within the tolerance, as many as asked (and the cap leaves).
    sql`case when s.granted then least(${values.count}::integer,
        floor(extract(epoch from (s.now + ${milliseconds(sql`s.tolerance`)} - s.base)) * 1000 / (s.ms * s.jitter))::integer + 1
        ${counts ? sql`, s.cap - s.sent_today` : sql``}) else 0 end as slots`,
  ];
  const [first, ...rest] = steps;
  const chained = rest.reduce((inner, step) => sql`select s.*, ${step} from (${inner}) as s`, first!);
  return sql`select
      ${ifGranted(sql`s.base + ${milliseconds(sql`s.ms * s.jitter * s.slots`)}`, sql`coalesce(s.tat, s.base)`)},
      ${counts ? ifGranted(sql`s.today`, sql`s.day`) : sql`s.day`},
      ${counts ? ifGranted(sql`s.sent_today + s.slots`, sql`s.outreach`) : sql`s.outreach`},
      ${counts ? ifGranted(sql`s.started`, sql`s.started_on`) : sql`s.started_on`},
      s.granted,
      case when s.granted then null when not s.cap_ok then s.next_day else s.base - ${milliseconds(sql`s.tolerance`)} end,
      case when s.granted then null when not s.cap_ok then 'dailyCap' else 'rate' end,
      s.slots
    from (${chained}) as s`;
}

/** The connection's pace as the statement reads it: the one stored, else its kind's default. */
function settingOf(key: "perMinute" | "dailyCap" | "warmUp"): SQL {
  const byKind = Object.entries(defaultConnectionPaces).map(([kind, pace]) => sql`when ${kind} then ${pace[key]}::integer`);
  return sql`coalesce((${connections.pace} ->> ${key})::integer, case ${connections.kind} ${sql.join(byKind, sql` `)} end)`;
}

/** The values a decision reads besides the row: as parameters, or as named placeholders (slotQuery). */
type Values = Record<"now" | "today" | "nextDay" | "jitter" | "connectionId" | "dueMessageId" | "count", SQL | unknown>;

interface Day {
  timeZone: string;
  from: number;
  until: number;
  today: string;
  nextDay: string;
}
let lastDay: Day | undefined;

/** The install's day at `now` and when the next begins, kept while `now` stays in it (reading a zone's clock is the costly part). */
function dayAt(now: Date, timeZone: string): Day {
  const at = now.getTime();
  if (lastDay && lastDay.timeZone === timeZone && at >= lastDay.from && at < lastDay.until) return lastDay;
  const today = dayOf(now, timeZone);
  const from = momentOfLocal(today, timeZone)?.getTime() ?? at;
  const until = momentOfLocal(addDays(today, 1), timeZone)?.getTime() ?? at + 86_400_000;
  const day = { timeZone, from: Math.min(from, at), until, today, nextDay: new Date(until).toISOString() };
  lastDay = day;
  return day;
}

/** Each value of one request: the day and its end in the install's time zone, and the jitter's factor. */
function valuesOf(request: SlotRequest): Record<keyof Values, unknown> {
  const { today, nextDay } = dayAt(request.now, request.timeZone);
  return {
    now: request.now.toISOString(),
    today,
    nextDay,
    jitter: 1 + JITTER * (2 * request.random - 1),
    connectionId: request.connectionId,
    dueMessageId: request.dueMessageId,
    count: request.count ?? 1,
  };
}

function build(request: SlotRequest, values: Values): SQL {
  const due =
    request.dueMessageId === undefined
      ? sql``
      : sql` and exists (select 1 from ${messages} where ${messages.id} = ${values.dueMessageId} and ${messages.dispatchAt} <= ${values.now}::timestamptz)`;
  const fresh = { tat: sql`null::timestamptz`, day: sql`null::date`, outreach: sql`0`, startedOn: sql`null::date` };
  const inserted = decision({ ...fresh, perMinute: sql`n.per_minute`, dailyCap: sql`n.daily_cap`, warmUp: sql`n.warm_up` }, request, values);
  const updated = decision(
    { tat: sql`p.tat`, day: sql`p.day`, outreach: sql`p.outreach`, startedOn: sql`p.started_on`, perMinute: sql`excluded.per_minute`, dailyCap: sql`excluded.daily_cap`, warmUp: sql`excluded.warm_up` },
    request,
    values,
  );
  const columns = sql.raw(decisionColumns.join(", "));
  return sql`insert into ${connectionPace} as p (connection_id, per_minute, daily_cap, warm_up, ${columns})
    select n.id, n.per_minute, n.daily_cap, n.warm_up, d.*
    from (select ${connections.id} as id, ${settingOf("perMinute")} as per_minute, ${settingOf("dailyCap")} as daily_cap, ${settingOf("warmUp")} as warm_up
      from ${connections} where ${connections.id} = ${values.connectionId}${due}) as n
    cross join lateral (${inserted}) as d
    on conflict (connection_id) do update set per_minute = excluded.per_minute, daily_cap = excluded.daily_cap, warm_up = excluded.warm_up,
      (${columns}) = (${updated})
    returning *`;
}

/**
 * The statement that takes (or refuses) one slot, returning the connection_pace row with the
 * decision. Nothing is returned when the connection is gone (or, with `dueMessageId`, the
 * message is no longer due). As a fragment, for a statement that folds the slot in.
 */
export function slotStatement(request: SlotRequest): SQL {
  return build(request, valuesOf(request));
}

const dialect = new PgDialect();
/** A parameter of the rendered text: a request's value by name, or a constant of the statement (the kinds' default paces). */
type Param = { key: keyof Values } | { constant: unknown };
const texts = new Map<string, { text: string; params: Param[] }>();

/**
 * The same statement as text and values. Its text depends only on the priority, so it is
 * rendered once per priority (drizzle's rendering of these nested fragments cost a campaign more
 * CPU than the database's work for the slot) and only the values are computed per slot.
 */
export function slotQuery(request: SlotRequest): { name: string; text: string; values: unknown[] } {
  if (request.dueMessageId !== undefined) throw new Error("slotQuery takes a slot alone; fold a due message in with slotStatement");
  const name = `pace-take-${request.priority}`;
  let rendered = texts.get(name);
  if (!rendered) {
    const placeholders = Object.fromEntries((["now", "today", "nextDay", "jitter", "connectionId", "dueMessageId", "count"] as const).map((key) => [key, sql.placeholder(key)])) as Values;
    const query = dialect.sqlToQuery(build(request, placeholders));
    rendered = { text: query.sql, params: query.params.map((param): Param => (is(param, Placeholder) ? { key: param.name as keyof Values } : { constant: param })) };
    texts.set(name, rendered);
  }
  const values = valuesOf(request);
  return { name, text: rendered.text, values: rendered.params.map((param) => ("key" in param ? values[param.key] : param.constant)) };
}
