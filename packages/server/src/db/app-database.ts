import type { Config } from "../config.js";
import { openDatabase, type Database } from "./client.js";
import { findPostgresBinaries, platformName, type PostgresBinaries } from "./embedded/binaries.js";
import { ensureDatabase, EMBEDDED_DATABASE, startEmbeddedServer } from "./embedded/embedded-server.js";
import { DatabaseStartError } from "./embedded/errors.js";
import { importPgliteOnce } from "./embedded/pglite-import.js";

export interface AppDatabaseOptions {
  /** Start-up lines (progress of a first start or an import, the fallback warning). */
  report?: (line: string) => void;
  /** Each routine step of a start as it begins (the embedded server's start, the migrations): main.ts prints them. */
  steps?: (line: string) => void;
  /** The embedded server was stopped cleanly by someone else while Atendo runs: main.ts ends the process. */
  onEmbeddedExit?: (reason: string) => void;
  /** The embedded server died and is being restarted, or runs again (db/embedded/server-watchdog.ts). */
  alert?: (line: string) => void;
  /** Tests replace the platform's binaries (none: the PGlite fallback). */
  findBinaries?: () => Promise<PostgresBinaries | null>;
}

export const pgliteFallbackWarning = (dir: string) =>
  `No PostgreSQL binary is published for this platform (${platformName()}): the data lives in PGlite in ${dir}. ` +
  "PGlite does not flush to disk (a power cut can lose the last messages Atendo acknowledged), does not stop a second Atendo " +
  "from opening the same folder, and runs every query on one thread. Set DATABASE_URL to a PostgreSQL server for real use.";

/**
 * The database Atendo runs on, migrated: the PostgreSQL server at DATABASE_URL, or else an
 * embedded PostgreSQL server in EMBEDDED_POSTGRES_DIR that this process starts and stops, reached
 * through the same `pg` pool (a PGlite folder of an earlier release is imported into it once).
 * PGlite remains only where no PostgreSQL binary exists for the platform.
 */
export async function openAppDatabase(config: Config, options: AppDatabaseOptions = {}): Promise<Database> {
  const report = options.report ?? (() => undefined);
  const steps = options.steps ?? (() => undefined);
  if (config.DATABASE_URL) return migrated(openDatabase({ url: config.DATABASE_URL }), steps);

  const binaries = await (options.findBinaries ?? findPostgresBinaries)();
  if (!binaries) {
    report(pgliteFallbackWarning(config.PGLITE_DIR));
    return migrated(openDatabase({ pgliteDir: config.PGLITE_DIR }), steps, config.PGLITE_DIR);
  }

  const server = await startEmbeddedServer({ dir: config.EMBEDDED_POSTGRES_DIR, binaries, report, steps, onUnexpectedExit: options.onEmbeddedExit, alert: options.alert });
  try {
    await ensureDatabase(server, EMBEDDED_DATABASE);
    const url = server.url(EMBEDDED_DATABASE);
    const database = await migrated(openDatabase({ url, label: `embedded PostgreSQL ${binaries.major} in ${config.EMBEDDED_POSTGRES_DIR}, 127.0.0.1:${server.port}` }), steps);
    await importPgliteOnce({ pgliteDir: config.PGLITE_DIR, targetUrl: url, targetDir: config.EMBEDDED_POSTGRES_DIR, report }).catch(async (error: unknown) => {
      await database.close();
      throw error;
    });
    return {
      ...database,
      async close() {
        await database.close();
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function migrated(database: Database, steps: (line: string) => void, pgliteDir?: string): Promise<Database> {
  try {
    // Said on every start: with a slow disk or a large pending migration this is where a start waits.
    steps("Applying database migrations…");
    await database.migrate();
    return database;
  } catch (error) {
    await database.close().catch(() => undefined);
    if (!pgliteDir) throw error;
    // PGlite reports a damaged folder (a first start killed half-way) as a bare WebAssembly "Aborted()".
    throw new DatabaseStartError(
      `The PGlite folder ${pgliteDir} cannot be opened (${(error as Error).message}): restore it from a backup, or move it away to start with an empty database.`,
    );
  }
}
