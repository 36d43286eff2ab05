import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { sql, type Logger } from "drizzle-orm";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pg from "pg";
import * as schema from "./schema/index.js";
import { advisoryLocks } from "./locks.js";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** What the start-up line names: the server, the embedded one and its folder, or PGlite's folder. */
  label: string;
  /** The PostgreSQL URL (for the few dedicated sessions, e.g. connection ownership locks). */
  url?: string;
  /** The node-postgres pool (PostgreSQL only): a read replica's statements fall back to it (db/read-replica.ts). */
  pool?: pg.Pool;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export interface DatabaseOptions {
  /** A PostgreSQL URL (a server, or the embedded one: db/app-database.ts); without it PGlite is used. */
  url?: string;
  /** Names the database in the start-up line (default: the URL's host and database, or PGlite's folder). */
  label?: string;
  /** PGlite data directory (the fallback where no PostgreSQL binary exists); "memory://" keeps it in memory. */
  pgliteDir?: string;
  poolSize?: number;
  /**
   * Called with the text of every statement sent, transaction control (BEGIN, COMMIT, ROLLBACK)
   * included: tests count what a request costs with it.
   */
  onStatement?: (sql: string) => void;
}

export function openDatabase(options: DatabaseOptions): Database {
  if (options.url) return openPostgres(options.url, options.label ?? serverLabel(options.url), options.poolSize, options.onStatement);
  return openPglite(options.pgliteDir ?? "memory://", options.onStatement);
}

/** "PostgreSQL at host:port/database", never the password. */
function serverLabel(url: string): string {
  const { hostname, port, pathname } = new URL(url);
  return `PostgreSQL at ${hostname}${port ? `:${port}` : ""}${pathname}`;
}

function statementLogger(onStatement: ((sql: string) => void) | undefined): Logger | undefined {
  return onStatement && { logQuery: (query) => onStatement(query) };
}

/**
 * drizzle's node-postgres session sends BEGIN and COMMIT as statements (its logger sees them);
 * PGlite runs them inside `client.transaction`, out of the logger's sight: reported here instead.
 */
function reportTransactions(client: PGlite, onStatement: (sql: string) => void): void {
  const transaction = client.transaction.bind(client);
  client.transaction = async (callback) => {
    onStatement("begin");
    try {
      const result = await transaction(callback);
      onStatement("commit");
      return result;
    } catch (error) {
      onStatement("rollback");
      throw error;
    }
  };
}

function openPglite(dir: string, onStatement?: (sql: string) => void): Database {
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  // Extensions the migrations create must be loaded into PGlite (on a server they are installed).
  const client = new PGlite(dir, { extensions: { pg_trgm } });
  if (onStatement) reportTransactions(client, onStatement);
  const db = drizzlePglite({ client, schema, logger: statementLogger(onStatement) }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    label: `PGlite in ${dir}`,
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    ping: () => ping(db),
    close: () => client.close(),
  };
}

/**
 * Session settings of every connection Atendo opens to a PostgreSQL server (docs/decisions/0052).
 * Its statements are short reads and writes among many concurrent ones:
 * - no parallel workers: starting them costs more than they save (a rare search at 1M tickets:
 *   6.6 ms with two workers, 2.0 without), and on a small machine they take the cores other
 *   requests are waiting for; reports measured the same either way;
 * - no JIT: a search's statement whose estimated cost passed jit_above_cost spent 40 ms compiling
 *   to run in 30.
 */
/**
 * Longest wait for a pool connection, opening one included: while the database is away (a
 * restart, a network cut) a request answers 503 within this bound instead of hanging.
 */
const CONNECT_TIMEOUT_MS = 15_000;

export const sessionOptions = "-c max_parallel_workers_per_gather=0 -c jit=off";

function openPostgres(url: string, label: string, poolSize = 10, onStatement?: (sql: string) => void): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: sessionOptions, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on("error", () => undefined);
  // Nor one checked out (a transaction): pg-pool listens for errors only on idle clients, and a
  // client's 'error' event without a listener would end the process. The statement in flight
  // still fails (503 ERR_DATABASE_UNAVAILABLE) and the pool drops the broken client on release.
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = drizzlePg({ client: pool, schema, logger: statementLogger(onStatement) }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    label,
    url,
    pool,
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [advisoryLocks.migrations]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [advisoryLocks.migrations]).catch(() => undefined);
        client.release();
      }
    },
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
