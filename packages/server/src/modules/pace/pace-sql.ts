import { addDays, dayOf, defaultConnectionPaces, momentOfLocal } from "@atendo/contracts";
import { sql, type SQL } from "drizzle-orm";
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
export const decisionColumns = ["tat", "day", "outreach", "started_on", "granted", "retry_at", "reason"] as const;

function milliseconds(amount: SQL): SQL {
  return sql`((${amount}) * interval '1 millisecond')`;
}

/**
 * One decision as a SELECT of one row of `decisionColumns`, each step named once (nested subqueries),
 * so the statement stays short to parse and plan whichever path (insert or update) runs it.
 */
function decision(inputs: Inputs, request: SlotRequest): SQL {
  const today = dayOf(request.now, request.timeZone);
  const nextDay = momentOfLocal(addDays(today, 1), request.timeZone) ?? new Date(request.now.getTime() + 86_400_000);
  const tolerance =
    request.priority === "reply"
      ? sql`greatest(${sql.raw(String(REPLY_BURST))} * s.ms, ${sql.raw(String(REPLY_TOLERANCE_MIN_MS))})`
      : request.priority === "scheduled"
        ? sql`s.ms`
        : sql`0`;
  const counts = request.priority !== "reply";
  const jitter = 1 + JITTER * (2 * request.random - 1);
  // `base`: a sender late by less than CATCH_UP_MS keeps its schedule; after a longer pause the pace starts afresh (no banked burst).
  const ifGranted = (then: SQL, otherwise: SQL) => sql`case when s.granted then ${then} else ${otherwise} end`;
  // Each step a subquery of the one before (one relation per level: nothing for the planner to order).
  const steps = [
    sql`select ${request.now.toISOString()}::timestamptz as now, ${today}::date as today, ${nextDay.toISOString()}::timestamptz as next_day, ${jitter}::float8 as jitter,
      ${inputs.tat} as tat, ${inputs.day} as day, ${inputs.outreach} as outreach, ${inputs.startedOn} as started_on,
      ${inputs.perMinute} as per_minute, ${inputs.dailyCap} as daily_cap, ${inputs.warmUp} as warm_up`,
    sql`60000.0 / s.per_minute as ms, case when s.day = s.today then s.outreach else 0 end as sent_today, coalesce(s.started_on, s.today) as started`,
    sql`case when s.tat >= s.now - ${milliseconds(sql.raw(String(CATCH_UP_MS)))} then s.tat else s.now end as base,
      case when s.daily_cap = 0 then null
        when s.warm_up > 0 and s.today - s.started < s.warm_up then ceil(s.daily_cap::numeric * (s.today - s.started + 1) / s.warm_up)::integer
        else s.daily_cap end as cap`,
    sql`${tolerance} as tolerance, ${counts ? sql`(s.cap is null or s.sent_today < s.cap)` : sql`true`} as cap_ok`,
    sql`s.base <= s.now + ${milliseconds(sql`s.tolerance`)} and s.cap_ok as granted`,
  ];
  const [first, ...rest] = steps;
  const chained = rest.reduce((inner, step) => sql`select s.*, ${step} from (${inner}) as s`, first!);
  return sql`select
      ${ifGranted(sql`s.base + ${milliseconds(sql`s.ms * s.jitter`)}`, sql`coalesce(s.tat, s.base)`)},
      ${counts ? ifGranted(sql`s.today`, sql`s.day`) : sql`s.day`},
      ${counts ? ifGranted(sql`s.sent_today + 1`, sql`s.outreach`) : sql`s.outreach`},
      ${counts ? ifGranted(sql`s.started`, sql`s.started_on`) : sql`s.started_on`},
      s.granted,
      case when s.granted then null when not s.cap_ok then s.next_day else s.base - ${milliseconds(sql`s.tolerance`)} end,
      case when s.granted then null when not s.cap_ok then 'dailyCap' else 'rate' end
    from (${chained}) as s`;
}

/** The connection's pace as the statement reads it: the one stored, else its kind's default. */
function settingOf(key: "perMinute" | "dailyCap" | "warmUp"): SQL {
  const byKind = Object.entries(defaultConnectionPaces).map(([kind, pace]) => sql`when ${kind} then ${pace[key]}::integer`);
  return sql`coalesce((${connections.pace} ->> ${key})::integer, case ${connections.kind} ${sql.join(byKind, sql` `)} end)`;
}

/**
 * The statement that takes (or refuses) one slot, returning the connection_pace row with the
 * decision. Nothing is returned when the connection is gone (or, with `dueMessageId`, the
 * message is no longer due).
 */
export function slotStatement(request: SlotRequest): SQL {
  const due =
    request.dueMessageId === undefined
      ? sql``
      : sql` and exists (select 1 from ${messages} where ${messages.id} = ${request.dueMessageId} and ${messages.dispatchAt} <= ${request.now.toISOString()}::timestamptz)`;
  const fresh = { tat: sql`null::timestamptz`, day: sql`null::date`, outreach: sql`0`, startedOn: sql`null::date` };
  const inserted = decision({ ...fresh, perMinute: sql`n.per_minute`, dailyCap: sql`n.daily_cap`, warmUp: sql`n.warm_up` }, request);
  const updated = decision(
    { tat: sql`p.tat`, day: sql`p.day`, outreach: sql`p.outreach`, startedOn: sql`p.started_on`, perMinute: sql`excluded.per_minute`, dailyCap: sql`excluded.daily_cap`, warmUp: sql`excluded.warm_up` },
    request,
  );
  const columns = sql.raw(decisionColumns.join(", "));
  return sql`insert into ${connectionPace} as p (connection_id, per_minute, daily_cap, warm_up, ${columns})
    select n.id, n.per_minute, n.daily_cap, n.warm_up, d.*
    from (select ${connections.id} as id, ${settingOf("perMinute")} as per_minute, ${settingOf("dailyCap")} as daily_cap, ${settingOf("warmUp")} as warm_up
      from ${connections} where ${connections.id} = ${request.connectionId}${due}) as n
    cross join lateral (${inserted}) as d
    on conflict (connection_id) do update set per_minute = excluded.per_minute, daily_cap = excluded.daily_cap, warm_up = excluded.warm_up,
      (${columns}) = (${updated})
    returning *`;
}
