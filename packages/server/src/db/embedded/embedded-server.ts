import { resolve } from "node:path";
import pg from "pg";
import type { PostgresBinaries } from "./binaries.js";
import { ensureClusterFolder, readClusterFolder, SUPERUSER } from "./cluster-folder.js";
import { holdFolderLock, readPidFile, takeOverFolder } from "./folder-lock.js";
import { processAlive } from "./process-alive.js";
import { startServer } from "./server-process.js";
import { ServerWatchdog, type HeldServer } from "./server-watchdog.js";
import { postgresRunAs } from "./system-user.js";

/** The database Atendo's data lives in on its embedded server. */
export const EMBEDDED_DATABASE = "atendo";

export interface EmbeddedServer {
  dir: string;
  port: number;
  /** The postmaster's process id (a new one after the watchdog restarted it). */
  readonly pid: number;
  /** A URL for a database on this server (the superuser and its generated password). */
  url(database: string): string;
  /** Releases the folder and shuts the server down; resolves once it has exited. */
  stop(): Promise<void>;
}

export interface EmbeddedServerOptions {
  /** EMBEDDED_POSTGRES_DIR. */
  dir: string;
  binaries: PostgresBinaries;
  /** Progress lines (folder creation, a leftover server shut down). */
  report?: (line: string) => void;
  /** Each routine step of a start as it begins (`npm start` prints them; a command need not). */
  steps?: (line: string) => void;
  /** The server was stopped cleanly by someone else while Atendo still runs (a crash is restarted instead). */
  onUnexpectedExit?: (reason: string) => void;
  /** The server died and is being started again, or runs again (server-watchdog.ts); default: `report`. */
  alert?: (line: string) => void;
}

/**
 * A real PostgreSQL server on a folder of its own: created on the first start (atomically), a
 * server left by a crashed run shut down first, another Atendo on the same folder refused, then
 * started and held for as long as this process runs.
 */
export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const report = options.report ?? (() => undefined);
  // Absolute: PostgreSQL and initdb run in folders of their own (EMBEDDED_POSTGRES_DIR is relative by default).
  const dir = resolve(options.dir);
  const runAs = await postgresRunAs();
  const folder = await ensureClusterFolder(dir, options.binaries, runAs, report);
  await takeOverFolder(folder, report);
  options.steps?.(`Starting the embedded PostgreSQL in ${dir}…`);
  // The watchdog hears each run's death; it exists once the first run does.
  const deaths: { watchdog?: ServerWatchdog } = {};
  // One run: the server, then this Atendo's lock on the folder (taken again after each restart).
  const run = async (port?: number): Promise<HeldServer & Pick<EmbeddedServer, "url">> => {
    const server = await startServer(folder, options.binaries, runAs, (reason) => deaths.watchdog?.exited(reason), port);
    let lock: pg.Client;
    try {
      lock = await holdFolderLock(folder, server.url("postgres"), server.pid);
    } catch (error) {
      await server.stop();
      throw error;
    }
    return {
      pid: server.pid,
      port: server.port,
      url: server.url,
      async stop() {
        await lock.end().catch(() => undefined);
        await server.stop();
      },
    };
  };
  const first = await run();
  // Restarted on the same port: the pool and the dedicated sessions keep their URL and reconnect.
  const guard = new ServerWatchdog(first, {
    restart: () => run(first.port),
    alert: options.alert ?? report,
    onStopped: options.onUnexpectedExit ?? (() => undefined),
  });
  deaths.watchdog = guard;
  return {
    dir,
    port: first.port,
    get pid() {
      return guard.pid();
    },
    url: first.url,
    stop: () => guard.stop(),
  };
}

/** Creates the database on the server unless it exists (the first start, or one interrupted before it). */
export async function ensureDatabase(server: EmbeddedServer, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: server.url("postgres") });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

/**
 * The URL of a database on the server already running on the folder (a running Atendo's), or
 * undefined when none runs there: a maintenance command uses it rather than start a second one.
 */
export function runningServerUrl(dir: string, binaries: PostgresBinaries, database: string): string | undefined {
  const folder = readClusterFolder(resolve(dir), binaries);
  const running = readPidFile(folder.pgdata);
  if (!running || !processAlive(running.pid)) return undefined;
  return `postgres://${SUPERUSER}:${encodeURIComponent(folder.password)}@127.0.0.1:${running.port}/${database}`;
}
