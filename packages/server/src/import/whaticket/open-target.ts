import { existsSync } from "node:fs";
import type { Config } from "../../config.js";
import { openAppDatabase } from "../../db/app-database.js";
import { openDatabase, type Database } from "../../db/client.js";
import { findPostgresBinaries } from "../../db/embedded/binaries.js";
import { EMBEDDED_DATABASE, runningServerUrl } from "../../db/embedded/embedded-server.js";

/**
 * Atendo's own database, opened as npm start opens it (DATABASE_URL, or else the embedded server
 * in EMBEDDED_POSTGRES_DIR, started here when no Atendo runs on it) and migrated, so an import
 * into a fresh install works too.
 */
export async function openImportTarget(config: Config, report: (line: string) => void): Promise<Database> {
  if (config.DATABASE_URL) {
    const database = openDatabase({ url: config.DATABASE_URL, poolSize: 1 });
    await database.migrate();
    return database;
  }
  const binaries = await findPostgresBinaries();
  const running = binaries && existsSync(config.EMBEDDED_POSTGRES_DIR) ? runningServerUrl(config.EMBEDDED_POSTGRES_DIR, binaries, EMBEDDED_DATABASE) : undefined;
  if (running) {
    const database = openDatabase({ url: running, poolSize: 1 });
    await database.migrate();
    return database;
  }
  const database = await openAppDatabase(config, { report });
  if (!database.url) {
    await database.close();
    throw new Error("The Whaticket import needs PostgreSQL (set DATABASE_URL): this platform runs Atendo on PGlite.");
  }
  return database;
}
