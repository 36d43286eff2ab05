import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { advisoryLocks } from "../db/locks.js";
import { connections } from "../db/schema/index.js";
import { createConnection } from "../test/channel-fixtures.js";
import { fakeDrivers } from "../test/fake-driver.js";
import { createQueue } from "../test/fixtures.js";
import { createTestServer } from "../test/harness.js";
import { openTestDatabase } from "../test/test-database.js";
import { waitFor } from "../test/wait-for.js";
import type { OwnershipLocks } from "./ownership.js";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** Advisory-lock semantics shared by the "instances" of one test: one owner per connection. */
function lockTable() {
  const owners = new Map<number, string>();
  return (name: string) => {
    const listeners: (() => void)[] = [];
    const mine = () => [...owners].filter(([, owner]) => owner === name).map(([id]) => id);
    const locks: OwnershipLocks = {
      acquire: async (id) => {
        if ((owners.get(id) ?? name) !== name) return false;
        owners.set(id, name);
        return true;
      },
      release: async (id) => void (owners.get(id) === name && owners.delete(id)),
      check: async () => undefined,
      onLost: (listener) => void listeners.push(listener),
      close: async () => mine().forEach((id) => owners.delete(id)),
    };
    /** The lock session dies: the database frees the locks, the instance hears it. */
    const die = () => {
      mine().forEach((id) => owners.delete(id));
      listeners.forEach((listener) => listener());
    };
    return { locks, die };
  };
}

async function instance(locks?: OwnershipLocks) {
  const fakes = fakeDrivers();
  const server = await createTestServer({}, { database, drivers: { whatsapp: fakes.factory }, channels: locks ? { locks } : {} });
  return { server, fakes, running: (id: number) => server.ctx.channels.isRunning(id) };
}

async function whatsappRow(name: string): Promise<number> {
  const [row] = await database.db.insert(connections).values({ name, kind: "whatsapp" }).returning({ id: connections.id });
  return row!.id;
}

describe("connection ownership across instances", () => {
  it("runs a WhatsApp connection on one instance only, and another takes it over when the owner's lock goes", async () => {
    const table = lockTable();
    const lockA = table("a");
    const a = await instance(lockA.locks);
    const b = await instance(table("b").locks);
    try {
      const id = await whatsappRow("Shared");
      await a.server.ctx.channels.startAll();
      await b.server.ctx.channels.startAll();
      expect([a.running(id), b.running(id)]).toEqual([true, false]);
      expect(b.server.ctx.channels.ownedElsewhere(id)).toBe(true);
      expect(b.fakes.made.filter((d) => d.connectionId === id)).toEqual([]);

      lockA.die();
      await waitFor(() => !a.running(id), "the old owner stopping its driver");
      expect(a.fakes.of(id).calls).toEqual(["start", "stop"]);
      await b.server.ctx.channels.retryOwnership();
      await a.server.ctx.channels.retryOwnership();
      expect([a.running(id), b.running(id)]).toEqual([false, true]);
      expect(a.server.ctx.channels.ownedElsewhere(id)).toBe(true);

      // A connection created on b is known to a (standby) and taken over when b shuts down.
      const token = await b.server.adminToken();
      const queue = await createQueue(b.server, token);
      const created = await createConnection(b.server, token, { kind: "whatsapp", destinationType: "queue", destinationItem: queue.id });
      await a.server.ctx.channels.retryOwnership();
      expect(a.server.ctx.channels.ownedElsewhere(created.id)).toBe(true);
      await b.server.close();
      await a.server.ctx.channels.retryOwnership();
      expect([a.running(id), a.running(created.id)]).toEqual([true, true]);

      // Deleted elsewhere: dropped (and logged out) at the next round.
      await database.db.delete(connections).where(sql`${connections.id} = ${created.id}`);
      await a.server.ctx.channels.retryOwnership();
      expect(a.running(created.id)).toBe(false);
      expect(a.fakes.of(created.id).calls).toEqual(["start", "logout", "stop"]);
    } finally {
      await a.server.close();
      await b.server.close().catch(() => undefined);
    }
  });

  // PGlite (only where no PostgreSQL binary exists) grants every lock: db/pglite-fallback.test.ts.
  it("owns a connection on one instance: a PostgreSQL advisory lock whose dead session hands it over", async () => {
    await handsOverOnPostgres();
  });
});

/** PostgreSQL: a dead lock session hands the connection to another instance. */
async function handsOverOnPostgres(): Promise<void> {
  const a = await instance();
  const b = await instance();
  try {
    const id = await whatsappRow("Advisory");
    await a.server.ctx.channels.startAll();
    await b.server.ctx.channels.startAll();
    expect([a.running(id), b.running(id)]).toEqual([true, false]);

    // The owner's database session dies (its process was killed, its network cut).
    const owner = (await database.db.execute(
      sql`select pid from pg_locks where locktype = 'advisory' and granted and classid = ${advisoryLocks.connectionOwnership} and objid = ${id}`,
    )) as unknown as { rows: { pid: number }[] };
    expect(owner.rows).toHaveLength(1);
    await database.db.execute(sql`select pg_terminate_backend(${owner.rows[0]!.pid})`);
    await waitFor(async () => (await b.server.ctx.channels.retryOwnership(), b.running(id)), "b taking the connection over");
    // The old owner notices at its next heartbeat and stops: never two sockets on one session for long.
    await a.server.ctx.channels.retryOwnership();
    await waitFor(() => !a.running(id), "a stopping");
    expect(a.server.ctx.channels.ownedElsewhere(id)).toBe(true);

    await b.server.close();
    await a.server.ctx.channels.retryOwnership();
    expect(a.running(id)).toBe(true);
  } finally {
    await a.server.close();
    await b.server.close().catch(() => undefined);
  }
}
