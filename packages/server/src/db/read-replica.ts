import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { sessionOptions, type Db } from "./client.js";
import * as schema from "./schema/index.js";

/** Where the replica's state changes are told (buildApp: the app's logger). */
export interface ReplicaLog {
  warn(details: { err: unknown }, message: string): void;
  info(message: string): void;
}

export interface ReadReplicaOptions {
  poolSize?: number;
  /** A connection attempt that takes longer counts as unreachable (pg waits forever by default). */
  connectTimeoutMs?: number;
  /** After a failure, statements go to the primary this long before the replica is tried again. */
  retryAfterMs?: number;
  /** Tests move the clock past the retry. */
  now?: () => number;
}

export interface ReadReplica {
  /** Reads only: a statement that writes fails (the sessions are read-only), and no transaction. */
  db: Db;
  /** "PostgreSQL replica at host:port/database", never the password. */
  label: string;
  close(): Promise<void>;
}

type Primary = Pick<pg.Pool, "query">;

/**
 * Errors that say the replica cannot be reached or cannot serve at all: connection refused, reset
 * or timed out, a server shutting down or still starting (57P03: a standby not yet consistent),
 * no such database, refused credentials. Anything else (a bad statement) is the statement's own
 * and would fail on the primary too.
 */
const unreachableCodes = new Set(["57P01", "57P02", "57P03", "3D000", "28000", "28P01"]);
const unreachableErrnos = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "EPIPE"]);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

function isUnreachable(error: unknown): boolean {
  const code = codeOf(error);
  if (code && (code.startsWith("08") || unreachableCodes.has(code) || unreachableErrnos.has(code))) return true;
  // node-postgres' own connection failures carry no code.
  return error instanceof Error && /timeout exceeded when trying to connect|Connection terminated|encountered a connection error/i.test(error.message);
}

/**
 * Errors of a replica that is fine but cannot answer this one statement, which the primary then
 * answers: a standby cancels a long statement that would hold back replay
 * (max_standby_streaming_delay: 40001 "canceling statement due to conflict with recovery"), and a
 * replica that has not yet replayed a migration lacks its table or column (42P01, 42703). A
 * statement that is itself wrong fails on the primary the same way.
 */
function isForPrimary(error: unknown): boolean {
  const code = codeOf(error);
  if (code === "42P01" || code === "42703") return true;
  return code === "40001" && error instanceof Error && /conflict with recovery/i.test(error.message);
}

function replicaLabel(url: string): string {
  const { hostname, port, pathname } = new URL(url);
  return `PostgreSQL replica at ${hostname}${port ? `:${port}` : ""}${pathname}`;
}

/**
 * The read replica (DATABASE_REPLICA_URL, docs/decisions/0055): a pool of read-only sessions, and
 * a drizzle handle whose every statement goes to it. When the replica cannot be reached, the
 * statement runs on the primary instead, one warning is logged, and the primary keeps the reads
 * for `retryAfterMs` (no connection timeout paid per request) before the replica is tried again;
 * its first answer after an outage is logged too. Reads only: drizzle gets a client that is not a
 * pool, so a transaction would run statement by statement on any session; refused instead.
 */
export function openReadReplica(url: string, primary: Primary, log: ReplicaLog, options: ReadReplicaOptions = {}): ReadReplica {
  const retryAfterMs = options.retryAfterMs ?? 30_000;
  const now = options.now ?? Date.now;
  const label = replicaLabel(url);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 3000,
    // A write sent here by mistake fails loudly instead of landing in the wrong database.
    options: `-c default_transaction_read_only=on ${sessionOptions}`,
  });
  // An idle session losing its server must not crash the process; the next statement reconnects or falls back.
  pool.on("error", () => undefined);

  let down = false;
  let retryAt = 0;

  const client = {
    async query(statement: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
      if (/^\s*(begin|start transaction)\b/i.test(statement.text)) throw new Error("The read replica runs single statements, no transaction.");
      if (down) {
        if (now() < retryAt) return primary.query(statement, values);
        // This statement tries the replica; the others keep to the primary meanwhile, so an
        // address that swallows packets costs one connection timeout per pause, not one per request.
        retryAt = now() + retryAfterMs;
      }
      try {
        const result = await pool.query(statement, values);
        if (down) {
          down = false;
          log.info(`The read replica answers again (${label}): reports and searches read from it.`);
        }
        return result;
      } catch (error) {
        if (isForPrimary(error)) return primary.query(statement, values);
        if (!isUnreachable(error)) throw error;
        if (!down) {
          log.warn(
            { err: error },
            `The read replica is unreachable (${label}): reports and searches read from the primary, and the replica is tried again every ${Math.round(retryAfterMs / 1000)} s.`,
          );
        }
        down = true;
        retryAt = now() + retryAfterMs;
        return primary.query(statement, values);
      }
    },
  };
  const db = drizzle({ client: client as unknown as pg.Pool, schema }) as unknown as Db;
  return { db, label, close: () => pool.end() };
}
