/**
 * Which instance runs a connection whose session cannot be shared (WhatsApp: two sockets on one
 * session fight and get logged out). On PostgreSQL the owner holds a session-level advisory lock
 * per connection on one dedicated database connection: if the instance dies, or its database
 * connection does, the server releases the locks and another instance takes the connections
 * over. PGlite runs inside one process: the lock is always granted there.
 * See docs/decisions/0025-connection-ownership.md.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.js";
import { dedicatedSession, type SessionHandle } from "../db/dedicated-session.js";
import { advisoryLocks } from "../db/locks.js";

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
  let closed = false;
  const held = new Set<number>();
  const listeners: (() => void)[] = [];
  const lockSession = dedicatedSession({
    url,
    applicationName: "atendo-channel-owner",
    label: "lock session",
    // The session is gone: so are its locks.
    onLost(reason) {
      if (held.size === 0 || closed) return;
      log.error({ err: reason, connections: [...held] }, "connection ownership lost (lock session closed); stopping those connections");
      held.clear();
      for (const listener of listeners) listener();
    },
  });

  async function session(): Promise<SessionHandle> {
    if (closed) throw new Error("ownership locks closed");
    return lockSession.connect();
  }

  return {
    async acquire(connectionId) {
      // The lock is re-entrant within a session: taking it twice would need two unlocks.
      if (held.has(connectionId)) return true;
      const c = await session();
      const { rows } = await c.query<{ ok: boolean }>("select pg_try_advisory_lock($1, $2) as ok", [advisoryLocks.connectionOwnership, connectionId]);
      if (rows[0]?.ok) held.add(connectionId);
      return Boolean(rows[0]?.ok);
    },
    async release(connectionId) {
      const c = lockSession.current();
      if (!held.delete(connectionId) || !c) return;
      await c.query("select pg_advisory_unlock($1, $2)", [advisoryLocks.connectionOwnership, connectionId]).catch(() => undefined);
    },
    async check() {
      const c = lockSession.current();
      if (!c) return;
      // A heartbeat that hangs (a network black hole) times out: that counts as a dead session.
      await c.query("select 1").catch((error: unknown) => c.lose(error));
    },
    onLost(listener) {
      listeners.push(listener);
    },
    async close() {
      closed = true;
      held.clear();
      // Ending the session releases every lock it holds.
      await lockSession.close();
    },
  };
}

/** The locks that fit the database: advisory locks on PostgreSQL, none needed on PGlite. */
export function ownershipLocksFor(database: Database, log: FastifyBaseLogger): OwnershipLocks {
  return database.kind === "postgres" && database.url ? postgresLocks(database.url, log) : localLocks();
}
