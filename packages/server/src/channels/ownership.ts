/**
 * Which instance runs a connection whose session cannot be shared (WhatsApp: two sockets on one
 * session fight and get logged out). On PostgreSQL the owner holds a session-level advisory lock
 * per connection on one dedicated database connection: if the instance dies, or its database
 * connection does, the server releases the locks and another instance takes the connections
 * over. PGlite runs inside one process: the lock is always granted there.
 * See docs/decisions/0025-connection-ownership.md.
 */
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { Database } from "../db/client.js";

export interface OwnershipLocks {
  /** Becomes the owner of a connection; false when another instance is. Throws when the lock session is unreachable. */
  acquire(connectionId: number): Promise<boolean>;
  /** Gives a connection up (its driver has stopped). */
  release(connectionId: number): Promise<void>;
  /** Checks the lock session is alive (a heartbeat); when it is not, every lock is lost and `onLost` fires. */
  check(): Promise<void>;
  /** Called once each time the locks held are lost together (the lock session died). */
  onLost(listener: () => void): void;
  close(): Promise<void>;
}

/** Arbitrary constant: the advisory-lock class of connection ownership (migrations use 7_261_001). */
export const OWNERSHIP_LOCK_CLASS = 7_261_002;

/** One process, one database file: this process owns everything. */
export function localLocks(): OwnershipLocks {
  return {
    acquire: async () => true,
    release: async () => undefined,
    check: async () => undefined,
    onLost: () => undefined,
    close: async () => undefined,
  };
}

/** Session-level advisory locks on one dedicated connection, opened on first use. */
export function postgresLocks(url: string, log: FastifyBaseLogger): OwnershipLocks {
  let client: pg.Client | undefined;
  let opening: Promise<pg.Client> | undefined;
  let closed = false;
  const held = new Set<number>();
  const listeners: (() => void)[] = [];
  /** One query at a time on the lock session: pg no longer queues a client's concurrent queries for us. */
  let tail: Promise<unknown> = Promise.resolve();
  function serially<T>(query: () => Promise<T>): Promise<T> {
    const run = tail.then(query, query);
    tail = run.catch(() => undefined);
    return run;
  }

  /** The session `dead` is gone: so are its locks. */
  function lose(dead: pg.Client, reason: unknown): void {
    if (client !== dead) return;
    client = undefined;
    dead.end().catch(() => undefined);
    if (held.size === 0 || closed) return;
    log.error({ err: reason, connections: [...held] }, "connection ownership lost (lock session closed); stopping those connections");
    held.clear();
    for (const listener of listeners) listener();
  }

  async function session(): Promise<pg.Client> {
    if (closed) throw new Error("ownership locks closed");
    if (client) return client;
    opening ??= (async () => {
      const fresh = new pg.Client({
        connectionString: url,
        keepAlive: true,
        application_name: "atendo-channel-owner",
        // A heartbeat that hangs (a network black hole) counts as a dead session.
        query_timeout: 10_000,
        connectionTimeoutMillis: 10_000,
      });
      fresh.on("error", (error) => lose(fresh, error));
      fresh.on("end", () => lose(fresh, new Error("lock session ended")));
      await fresh.connect();
      client = fresh;
      return fresh;
    })().finally(() => (opening = undefined));
    return opening;
  }

  return {
    async acquire(connectionId) {
      // The lock is re-entrant within a session: taking it twice would need two unlocks.
      if (held.has(connectionId)) return true;
      const c = await session();
      const { rows } = await serially(() => c.query<{ ok: boolean }>("select pg_try_advisory_lock($1, $2) as ok", [OWNERSHIP_LOCK_CLASS, connectionId]));
      if (rows[0]?.ok) held.add(connectionId);
      return Boolean(rows[0]?.ok);
    },
    async release(connectionId) {
      const c = client;
      if (!held.delete(connectionId) || !c) return;
      await serially(() => c.query("select pg_advisory_unlock($1, $2)", [OWNERSHIP_LOCK_CLASS, connectionId])).catch(() => undefined);
    },
    async check() {
      const c = client;
      if (!c) return;
      try {
        await serially(() => c.query("select 1"));
      } catch (error) {
        lose(c, error);
      }
    },
    onLost(listener) {
      listeners.push(listener);
    },
    async close() {
      closed = true;
      held.clear();
      await opening?.catch(() => undefined);
      const c = client;
      client = undefined;
      // Ending the session releases every lock it holds.
      await c?.end().catch(() => undefined);
    },
  };
}

/** The locks that fit the database: advisory locks on PostgreSQL, none needed on PGlite. */
export function ownershipLocksFor(database: Database, log: FastifyBaseLogger): OwnershipLocks {
  return database.kind === "postgres" && database.url ? postgresLocks(database.url, log) : localLocks();
}
