import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database, type DatabaseOptions } from "../db/client.js";

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or, when
 * TEST_DATABASE_URL is set, a new database on that PostgreSQL server (dropped on close).
 */
export async function openTestDatabase(options: Pick<DatabaseOptions, "onStatement"> = {}): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = openDatabase({ pgliteDir: "memory://", ...options });
    await database.migrate();
    return database;
  }
  const name = `atendo_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString(), poolSize: 5, ...options });
  await database.migrate();
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
