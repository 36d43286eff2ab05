/**
 * Which process runs the install's contact import, so that an import whose process died is told
 * apart from one still running elsewhere (docs/decisions/0040). On PostgreSQL the runner holds a
 * session-level advisory lock on a connection of its own for the whole run: when the process
 * dies, the server ends the session and the lock goes with it. PGlite runs in one process: the
 * lock is always granted there (one import at a time is still the unique index's job).
 */
import pg from "pg";
import type { Database } from "../../db/client.js";
import { advisoryLocks } from "../../db/locks.js";

export interface HeldImportLock {
  /** Aborted when the lock is lost (its session died): another process may declare the import failed. */
  lost: AbortSignal;
  release(): Promise<void>;
}

export interface ImportLock {
  /** Takes the install's import lock; null when a live process holds it (an import runs there). */
  acquire(): Promise<HeldImportLock | null>;
}

function localLock(): ImportLock {
  return { acquire: async () => ({ lost: new AbortController().signal, release: async () => undefined }) };
}

function postgresLock(url: string): ImportLock {
  return {
    async acquire() {
      const client = new pg.Client({
        connectionString: url,
        keepAlive: true,
        application_name: "atendo-contact-import",
        connectionTimeoutMillis: 10_000,
      });
      const lost = new AbortController();
      let released = false;
      const lose = () => {
        if (!released) lost.abort(new Error("contact import lock session ended"));
      };
      client.on("error", lose);
      client.on("end", lose);
      await client.connect();
      try {
        const { rows } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [advisoryLocks.contactImport]);
        if (!rows[0]?.ok) {
          released = true;
          await client.end();
          return null;
        }
      } catch (error) {
        released = true;
        await client.end().catch(() => undefined);
        throw error;
      }
      return {
        lost: lost.signal,
        async release() {
          released = true;
          // Ending the session releases the lock.
          await client.end().catch(() => undefined);
        },
      };
    },
  };
}

/** The lock that fits the database: an advisory lock on PostgreSQL, none needed on PGlite. */
export function importLockFor(database: Database): ImportLock {
  return database.kind === "postgres" && database.url ? postgresLock(database.url) : localLock();
}
