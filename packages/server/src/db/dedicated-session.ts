/**
 * One database connection of its own, outside the pool, for work that lives in the session itself
 * (advisory locks, LISTEN): opened on first use, opened again after it dies, and its death told to
 * the owner, since what the session held (locks, subscriptions) died with it.
 */
import pg from "pg";

export interface DedicatedSessionOptions {
  url: string;
  /** What the session is for, as pg_stat_activity shows it (application_name). */
  applicationName: string;
  /** Names the session in the reason given when the server ends it ("lock session" → "lock session ended"). */
  label: string;
  /** Prepares a fresh session before anyone else uses it (LISTEN, its notification handler); the session is ended if this throws. */
  setUp?: (client: pg.Client) => Promise<void>;
  /** The open session died (an error, or the server ended it): called once per session, never for close(). */
  onLost: (reason: unknown) => void;
}

/** One opened session: its queries, and the way to give it up as dead. */
export interface SessionHandle {
  /** Runs after every query sent before it to this dedicated session: pg warns on overlapping queries on one client. */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
  /** This session is dead (a heartbeat failed): ends it and reports it lost, unless that is already done. */
  lose(reason: unknown): void;
}

export interface DedicatedSession {
  /** The open session, opening one if there is none (one opening at a time); throws when the database is unreachable. */
  connect(): Promise<SessionHandle>;
  /** The open session, if there is one; never opens one. */
  current(): SessionHandle | undefined;
  /** Ends the session (after the one being opened, if any) without reporting it lost. */
  close(): Promise<void>;
}

/** A dedicated session, opened on the first connect(): nothing is opened until something needs it. */
export function dedicatedSession(options: DedicatedSessionOptions): DedicatedSession {
  let open: { handle: SessionHandle; client: pg.Client } | undefined;
  let opening: Promise<SessionHandle> | undefined;
  let tail: Promise<unknown> = Promise.resolve();

  function handle(client: pg.Client): SessionHandle {
    const self: SessionHandle = {
      query<R extends pg.QueryResultRow>(text: string, values?: unknown[]) {
        const run = tail.then(() => client.query<R>(text, values));
        tail = run.catch(() => undefined);
        return run;
      },
      lose(reason) {
        if (open?.handle !== self) return;
        open = undefined;
        client.end().catch(() => undefined);
        options.onLost(reason);
      },
    };
    return self;
  }

  async function openFresh(): Promise<SessionHandle> {
    const client = new pg.Client({
      connectionString: options.url,
      keepAlive: true,
      application_name: options.applicationName,
      // A query that hangs (a network black hole) counts as a dead session.
      query_timeout: 10_000,
      connectionTimeoutMillis: 10_000,
    });
    const fresh = handle(client);
    client.on("error", (error) => fresh.lose(error));
    client.on("end", () => fresh.lose(new Error(`${options.label} ended`)));
    try {
      await client.connect();
      await options.setUp?.(client);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    open = { handle: fresh, client };
    return fresh;
  }

  return {
    async connect() {
      if (open) return open.handle;
      opening ??= openFresh().finally(() => (opening = undefined));
      return opening;
    },
    current: () => open?.handle,
    async close() {
      await opening?.catch(() => undefined);
      const closing = open;
      open = undefined;
      // Not through lose(): a session its owner closes is not lost.
      await closing?.client.end().catch(() => undefined);
    },
  };
}
