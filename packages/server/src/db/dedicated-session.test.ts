import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { openTestDatabase } from "../test/test-database.js";
import { waitFor } from "../test/wait-for.js";
import type { Database } from "./client.js";
import { dedicatedSession } from "./dedicated-session.js";

let database: Database;
let url: string;
beforeAll(async () => {
  database = await openTestDatabase();
  if (!database.url) throw new Error("the test database is a PostgreSQL database with a URL");
  url = database.url;
});
afterAll(() => database.close());
afterEach(() => vi.restoreAllMocks());

const applicationName = "atendo-test-dedicated-session";

describe("a dedicated session", () => {
  it("sends a query to its client only once the one before it has answered", async () => {
    let sent: MockInstance | undefined;
    const session = dedicatedSession({
      url,
      applicationName,
      label: "test session",
      setUp: async (client) => void (sent = vi.spyOn(client, "query")),
      onLost: () => undefined,
    });
    try {
      const c = await session.connect();
      const key = 7_261_999;
      // The first query waits for a lock the test holds: the second is asked for meanwhile.
      const [blocked, quick] = await database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
        const both = [c.query<{ n: number }>("select 1 as n from pg_advisory_xact_lock($1)", [key]), c.query<{ n: number }>("select 2 as n")] as const;
        await waitFor(async () => (await waitingOnLock()) === 1, "the first query waiting for the lock");
        expect(sent).toHaveBeenCalledTimes(1);
        return both;
      });

      expect([(await blocked).rows, (await quick).rows]).toEqual([[{ n: 1 }], [{ n: 2 }]]);
      expect(sent).toHaveBeenCalledTimes(2);
    } finally {
      await session.close();
    }
  });

  it("reports a session the server ends as lost once, and opens a fresh one when asked", async () => {
    const opened: pg.Client[] = [];
    const lost: unknown[] = [];
    const session = dedicatedSession({
      url,
      applicationName,
      label: "test session",
      setUp: async (client) => void opened.push(client),
      onLost: (reason) => void lost.push(reason),
    });
    try {
      const first = await session.connect();
      const { rows } = await first.query<{ pid: number }>("select pg_backend_pid() as pid");
      // Not events.once: it rejects on the "error" pg emits first.
      const ended = new Promise((resolve) => opened[0]!.once("end", resolve));

      await database.db.execute(sql`select pg_terminate_backend(${rows[0]!.pid})`);
      // pg reports the kill twice (an error, then the end); a failed heartbeat would be a third report.
      await ended;
      first.lose(new Error("heartbeat failed"));

      expect(lost).toHaveLength(1);
      expect(session.current()).toBeUndefined();
      const second = await session.connect();
      expect(second).not.toBe(first);
      expect((await second.query<{ n: number }>("select 1 as n")).rows).toEqual([{ n: 1 }]);
      expect(opened).toHaveLength(2);
    } finally {
      await session.close();
    }
    // Closing is not losing.
    expect(lost).toHaveLength(1);
  });
});

/** How many of the test sessions' queries wait for a lock. */
async function waitingOnLock(): Promise<number> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where application_name = ${applicationName} and wait_event_type = 'Lock'`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}
