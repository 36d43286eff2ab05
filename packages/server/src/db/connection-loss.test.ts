import { errorCatalogue } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../core/db-errors.js";
import { mapError } from "../http/error-mapper.js";
import { openTestDatabase } from "../test/test-database.js";
import type { Database } from "./client.js";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** Ends a session from another one, as a server restart or a crash ends every session (docs/decisions/0100). */
async function terminate(url: string, pid: number): Promise<void> {
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  try {
    await other.query("select pg_terminate_backend($1)", [pid]);
  } finally {
    await other.end();
  }
}

describe("a connection the database ends", () => {
  it("fails the transaction it was in with an error answered 503 ERR_DATABASE_UNAVAILABLE, and the pool goes on", async () => {
    // Ended while a transaction holds its pool client between two statements: no listener of
    // pg-pool's is on such a client, and an 'error' event without one would end the process.
    const failed = await database.db
      .transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as pg.QueryResult<{ pid: number }>;
        await terminate(database.url!, rows[0]!.pid);
        await tx.execute(sql`select 1`);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isDatabaseUnavailable(failed)).toBe(true);
    expect(mapError(failed)).toEqual({
      status: 503,
      body: { error: "ERR_DATABASE_UNAVAILABLE", message: errorCatalogue.ERR_DATABASE_UNAVAILABLE.en },
    });
    // The broken client left the pool: the next statement gets a fresh session.
    expect(await database.ping()).toBe(true);
  });

  it("classes connection-level failures apart from statements the database refused", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const unavailable = [
      refused,
      new AggregateError([refused], "connect failed"),
      new Error("Connection terminated unexpectedly"),
      new Error("Connection terminated due to connection timeout"),
      new Error("timeout exceeded when trying to connect"),
      Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      Object.assign(new Error("connection failure"), { code: "08006" }),
      // Drizzle wraps the driver's error: found in the cause chain.
      new Error("Failed query: select 1", { cause: Object.assign(new Error("the database system is shutting down"), { code: "57P03" }) }),
    ];
    for (const error of unavailable) expect(mapError(error).body.error, String(error)).toBe("ERR_DATABASE_UNAVAILABLE");
    const refusedStatements = [
      Object.assign(new Error("duplicate key"), { code: "23505" }),
      Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }),
      Object.assign(new Error("deadlock detected"), { code: "40P01" }),
      new Error("something else"),
    ];
    for (const error of refusedStatements) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});
