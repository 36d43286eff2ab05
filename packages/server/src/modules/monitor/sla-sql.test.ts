import { slaAtRiskFrom, slaState } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { sqlRows } from "../../test/ticket-fixtures.js";
import { slaNextChangeSql, slaStateSql } from "./sla-sql.js";

// The SQL form of the SLA rule against the rule itself (contracts sla.ts): the same state and the
// same next moment for targets of every size, at and around each boundary, and with no target.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const due = new Date(Date.UTC(2026, 10, 27, 15, 30, 0, 0));
const targets = [null, 1, 7, 10, 45, 60, 61, 480, 1439, 1440, 10_079];

/** Moments around each boundary of a target: the at-risk moment and the due time, ±1 ms, ±1 min, and far off. */
function momentsFor(target: number | null): Date[] {
  const atRisk = slaAtRiskFrom(due, target ?? 0).getTime();
  const offsets = [-86_400_000, -60_000, -1, 0, 1, 60_000, 86_400_000];
  return [atRisk, due.getTime()].flatMap((base) => offsets.map((offset) => new Date(base + offset)));
}

function nextChange(target: number | null, now: Date): string | null {
  const atRisk = slaAtRiskFrom(due, target ?? 0);
  if (now < atRisk) return atRisk.toISOString();
  if (now < due) return due.toISOString();
  return null;
}

describe("the SLA rule in SQL", () => {
  it("gives the state and the next change slaState and slaAtRiskFrom give, at every boundary", async () => {
    const cases = targets.flatMap((target) => momentsFor(target).map((now) => ({ target, now })));
    const values = sql.join(
      cases.map(({ target, now }, i) => sql`(${i}::int, ${target}::int, ${now.toISOString()}::timestamptz)`),
      sql`, `,
    );
    const dueAt = sql`${due.toISOString()}::timestamptz`;
    const rows = await sqlRows<{ i: number; state: string; next: string | null }>(
      server,
      sql`select c.i, ${slaStateSql(dueAt, sql`c.target`, sql`c.now`)} as state,
          to_char(${slaNextChangeSql(dueAt, sql`c.target`, sql`c.now`)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as next
        from (values ${values}) as c(i, target, now) order by c.i`,
    );
    const inSql = rows.map((row) => ({ state: row.state, next: row.next }));
    const inContracts = cases.map(({ target, now }) => ({ state: slaState(due, target ?? 0, now), next: nextChange(target, now) }));
    expect(inSql).toEqual(inContracts);
    // Every state is met, so the comparison above is not of one answer only.
    expect(new Set(inSql.map((row) => row.state))).toEqual(new Set(["ok", "atRisk", "breached"]));
  });
});
