import { join } from "node:path";
import pg from "pg";
import { findPostgresBinaries } from "../db/embedded/binaries.js";
import { EMBEDDED_DATABASE, runningServerUrl } from "../db/embedded/embedded-server.js";

/**
 * The URL of the database of a server spawned on `dataDir` (spawn-server.ts) running on its
 * embedded PostgreSQL: for journeys that move a moment in the database rather than wait for it.
 */
export async function spawnedDatabaseUrl(dataDir: string): Promise<string | undefined> {
  const binaries = await findPostgresBinaries();
  return binaries ? runningServerUrl(join(dataDir, "postgres"), binaries, EMBEDDED_DATABASE) : undefined;
}

/** Runs one statement on the database at `url` and answers its rows. */
export async function runSql<T = Record<string, unknown>>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
