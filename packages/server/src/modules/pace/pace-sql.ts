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
 * `tat` never lags now by more than CATCH_UP_MS: a sender slightly late (a timer, a busy database)
 * keeps its slots, while an idle connection does not bank a burst. Outreach (scheduled and bulk)
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

/** The state a decision reads: the row's columns (p.…), or a fresh row's. */
interface State {
  tat: SQL;
  day: SQL;
  outreach: SQL;
  startedOn: SQL;
}

interface Settings {
  perMinute: SQL;
  dailyCap: SQL;
  warmUp: SQL;
}

const fresh: State = { tat: sql`null::timestamptz`, day: sql`null::date`, outreach: sql`0`, startedOn: sql`null::date` };

function milliseconds(amount: SQL): SQL {
  return sql`((${amount}) * interval '1 millisecond')`;
}

/** The new row's columns (as a list, the insert's order) for one decision. */
function decide(state: State, settings: Settings, request: SlotRequest): Record<string, SQL> {
  const now = sql`${request.now.toISOString()}::timestamptz`;
  const today = dayOf(request.now, request.timeZone);
  const day = sql`${today}::date`;
  const nextDay = momentOfLocal(addDays(today, 1), request.timeZone) ?? new Date(request.now.getTime() + 86_400_000);
  const interval = sql`(60000.0 / ${settings.perMinute})`;
  const tolerance = milliseconds(
    request.priority === "reply" ? sql`greatest(${sql.raw(String(REPLY_BURST))} * ${interval}, ${sql.raw(String(REPLY_TOLERANCE_MIN_MS))})` : request.priority === "scheduled" ? interval : sql`0`,
  );
  const jitter = 1 + JITTER * (2 * request.random - 1);
  const base = sql`greatest(${state.tat}, ${now} - ${milliseconds(sql.raw(String(CATCH_UP_MS)))})`;
  const rateOk = sql`(${base} <= ${now} + ${tolerance})`;
  const counts = request.priority !== "reply";
  const sentToday = sql`(case when ${state.day} = ${day} then ${state.outreach} else 0 end)`;
  const startedOn = sql`coalesce(${state.startedOn}, ${day})`;
  const dayIndex = sql`(${day} - ${startedOn})`;
  const cap = sql`(case when ${settings.dailyCap} = 0 then null
    when ${settings.warmUp} > 0 and ${dayIndex} < ${settings.warmUp} then ceil(${settings.dailyCap}::numeric * (${dayIndex} + 1) / ${settings.warmUp})::integer
    else ${settings.dailyCap} end)`;
  const capOk = counts ? sql`(${cap} is null or ${sentToday} < ${cap})` : sql`true`;
  const granted = sql`(${rateOk} and ${capOk})`;
  const ifGranted = (then: SQL, otherwise: SQL) => sql`(case when ${granted} then ${then} else ${otherwise} end)`;
  return {
    tat: ifGranted(sql`${base} + ${milliseconds(sql`${interval} * ${jitter}::float8`)}`, sql`coalesce(${state.tat}, ${base})`),
    day: counts ? ifGranted(day, state.day) : state.day,
    outreach: counts ? ifGranted(sql`${sentToday} + 1`, state.outreach) : state.outreach,
    started_on: counts ? ifGranted(startedOn, state.startedOn) : state.startedOn,
    granted,
    retry_at: sql`(case when ${granted} then null when not ${capOk} then ${nextDay.toISOString()}::timestamptz else ${base} - ${tolerance} end)`,
    reason: sql`(case when ${granted} then null when not ${capOk} then 'dailyCap' else 'rate' end)`,
  };
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
  const inserted = decide(fresh, { perMinute: sql`s.per_minute`, dailyCap: sql`s.daily_cap`, warmUp: sql`s.warm_up` }, request);
  const state: State = { tat: sql`p.tat`, day: sql`p.day`, outreach: sql`p.outreach`, startedOn: sql`p.started_on` };
  const updated = decide(state, { perMinute: sql`excluded.per_minute`, dailyCap: sql`excluded.daily_cap`, warmUp: sql`excluded.warm_up` }, request);
  const columns = Object.keys(inserted);
  return sql`insert into ${connectionPace} as p (connection_id, per_minute, daily_cap, warm_up, ${sql.raw(columns.join(", "))})
    select s.id, s.per_minute, s.daily_cap, s.warm_up, ${sql.join(
      columns.map((column) => inserted[column]!),
      sql`, `,
    )}
    from (select ${connections.id} as id, ${settingOf("perMinute")} as per_minute, ${settingOf("dailyCap")} as daily_cap, ${settingOf("warmUp")} as warm_up
      from ${connections} where ${connections.id} = ${request.connectionId}${due}) as s
    on conflict (connection_id) do update set per_minute = excluded.per_minute, daily_cap = excluded.daily_cap, warm_up = excluded.warm_up, ${sql.join(
      columns.map((column) => sql`${sql.raw(column)} = ${updated[column]!}`),
      sql`, `,
    )}
    returning *`;
}
