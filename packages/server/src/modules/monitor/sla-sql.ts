import { slaAtRiskShare } from "@atendo/contracts";
import { sql, type SQL } from "drizzle-orm";

// The SQL form of the one SLA rule (contracts sla.ts: slaAtRiskFrom, slaState), for statements
// that count tickets by state without reading them into the server. Written from the same share,
// in the same order of operations; sla-sql.test.ts checks both answer alike at the boundaries.
// `targetMinutes` null (a target removed after the due time was set) counts as 0: no at-risk
// window, breached from the due time — what slaState says for a target of 0.

/** When an unmet target of `targetMinutes` due at `dueAt` turns at risk (slaAtRiskFrom). */
export function slaAtRiskFromSql(dueAt: SQL, targetMinutes: SQL): SQL {
  return sql`(${dueAt} - coalesce(${targetMinutes}, 0)::float8 * ${1 - slaAtRiskShare}::float8 * 60000 * interval '1 millisecond')`;
}

/** The state of an unmet target at `now`: 'ok', 'atRisk' or 'breached' (slaState). */
export function slaStateSql(dueAt: SQL, targetMinutes: SQL, now: SQL): SQL {
  return sql`(case when ${now} >= ${dueAt} then 'breached' when ${now} >= ${slaAtRiskFromSql(dueAt, targetMinutes)} then 'atRisk' else 'ok' end)`;
}

/** The next moment after `now` the state changes (turns at risk, then breached); null once breached. */
export function slaNextChangeSql(dueAt: SQL, targetMinutes: SQL, now: SQL): SQL {
  const atRiskFrom = slaAtRiskFromSql(dueAt, targetMinutes);
  return sql`(case when ${now} < ${atRiskFrom} then ${atRiskFrom} when ${now} < ${dueAt} then ${dueAt} end)`;
}
