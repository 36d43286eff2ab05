import { count, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventDeliveries, settings } from "../db/schema/index.js";
import { createTestServer, type TestServer } from "../test/harness.js";
import { waitFor } from "../test/wait-for.js";
import { domainEvent, type DomainEventMap } from "./domain-events.js";

type SettingsChanged = DomainEventMap["settings.changed"];
const changed = (value: string): SettingsChanged => ({ event: { action: "update", setting: { key: "userCreation", value } } });

/** Log lines the app writes, parsed (the bus logs a failed listener at error level). */
function logLines() {
  const lines: { msg?: string; listener?: string }[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line) as { msg?: string; listener?: string }) } };
}

describe("domain events: listeners after the commit", () => {
  const log = logLines();
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await createTestServer({ LOG_LEVEL: "error" }, { logStream: log.stream });
    admin = await server.adminToken();
  });
  afterAll(() => server.close());

  it("runs a transaction's listeners only once it has committed, and never for one that rolled back", async () => {
    const heard: string[] = [];
    server.ctx.events.on("settings.changed", "test-commit", ({ event }) => void heard.push(event.setting.value));
    await server.ctx.events.transaction(async (tx, publish) => {
      await tx.update(settings).set({ value: "enabled" }).where(eq(settings.key, "userCreation"));
      publish(domainEvent("settings.changed", changed("committed")));
      expect(heard, "nothing before the commit").toEqual([]);
    });
    expect(heard).toEqual(["committed"]);

    await expect(
      server.ctx.events.transaction(async (_tx, publish) => {
        publish(domainEvent("settings.changed", changed("rolled back")));
        throw new Error("the write fails");
      }),
    ).rejects.toThrow("the write fails");
    expect(heard).toEqual(["committed"]);
  });

  it("keeps going when a listener throws or rejects: the write answers, the other listeners run, the failure is logged", async () => {
    const heard: string[] = [];
    server.ctx.events.on("settings.changed", "test-throws", () => {
      throw new Error("listener bug");
    });
    server.ctx.events.on("settings.changed", "test-rejects", () => Promise.reject(new Error("listener outage")));
    server.ctx.events.on("settings.changed", "test-after", ({ event }) => void heard.push(event.setting.value));
    const res = await server.request({ method: "PUT", url: "/api/settings/userCreation", token: admin, payload: { value: "disabled" } });
    expect(res.statusCode).toBe(200);
    expect(heard).toEqual(["disabled"]);
    await server.ctx.events.settled();
    const failed = log.lines.filter((line) => line.msg === "event listener failed").map((line) => line.listener);
    expect(failed).toEqual(expect.arrayContaining(["test-throws", "test-rejects"]));
  });

  it("runs an in-write listener in the publishing transaction: its failure rolls the write back", async () => {
    const txOf = async (db: Db) => (await db.select({ id: sql<string>`txid_current()::text` }).from(settings).limit(1))[0]?.id;
    let failNext = false;
    const seen: { write?: string; listener?: string } = {};
    server.ctx.events.inWrite("settings.changed", async (db, { event }) => {
      if (event.setting.key !== "userCreation") return;
      seen.listener = await txOf(db);
      if (failNext) throw new Error("the listener's write fails");
    });
    await server.ctx.events.transaction(async (tx, publish) => {
      seen.write = await txOf(tx);
      publish(domainEvent("settings.changed", changed("in write")));
    });
    expect(seen.write).toMatch(/^\d+$/);
    expect(seen.listener).toBe(seen.write);

    failNext = true;
    await expect(
      server.ctx.events.transaction(async (tx, publish) => {
        await tx.update(settings).set({ value: "never kept" }).where(eq(settings.key, "userCreation"));
        publish(domainEvent("settings.changed", changed("never kept")));
      }),
    ).rejects.toThrow("the listener's write fails");
    failNext = false;
    const [row] = await server.ctx.db.select({ value: settings.value }).from(settings).where(eq(settings.key, "userCreation"));
    expect(row?.value).not.toBe("never kept");
  });
});

describe("domain events: durable listeners run once across instances", () => {
  let first: TestServer;
  let second: TestServer;
  const runs: { instance: string; value: string }[] = [];
  const pending = async (server: TestServer) => (await server.ctx.db.select({ n: count() }).from(eventDeliveries))[0]!.n;

  beforeAll(async () => {
    first = await createTestServer({}, { eventOutbox: { pollMs: 20, leaseMs: 60_000 } });
    second = await createTestServer({}, { database: first.ctx.database, eventOutbox: { pollMs: 20, leaseMs: 60_000 } });
    for (const [name, server] of [["first", first], ["second", second]] as const) {
      server.ctx.events.durable("settings.changed", "test-once", ({ event }) => void runs.push({ instance: name, value: event.setting.value }));
    }
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("keeps an event of a rolled-back write nowhere", async () => {
    await expect(
      first.ctx.events.transaction(async (_tx, publish) => {
        publish(domainEvent("settings.changed", changed("never")));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow();
    expect(await pending(first)).toBe(0);
  });

  it("runs an event kept by an instance that stopped right after its commit on the other one", async () => {
    await first.ctx.events.transaction(async (_tx, publish) => publish(domainEvent("settings.changed", changed("orphan"))));
    expect(await pending(first)).toBe(1);
    second.ctx.eventOutbox.start();
    await waitFor(async () => (await pending(second)) === 0, "the other instance to run it");
    expect(runs).toEqual([{ instance: "second", value: "orphan" }]);
    await second.ctx.eventOutbox.stop();
    runs.length = 0;
  });

  it("keeps no row for an event its listener's `when` turns down", async () => {
    const wanted: string[] = [];
    first.ctx.events.durable("settings.changed", "test-picky", ({ event }) => void wanted.push(event.setting.value), {
      when: ({ event }) => event.setting.value.startsWith("wanted"),
    });
    await first.ctx.events.emit("settings.changed", changed("ignored"));
    expect(await pending(first), "only test-once's row").toBe(1);
    await first.ctx.events.emit("settings.changed", changed("wanted"));
    expect(await pending(first)).toBe(3);
    first.ctx.eventOutbox.start();
    await waitFor(async () => (await pending(first)) === 0, "the rows to run");
    await first.ctx.eventOutbox.stop();
    expect(wanted).toEqual(["wanted"]);
    runs.length = 0;
  });

  it("runs each of 200 events published on two instances exactly once", async () => {
    first.ctx.eventOutbox.start();
    second.ctx.eventOutbox.start();
    const values = Array.from({ length: 200 }, (_, i) => `event-${i}`);
    await Promise.all(values.map((value, i) => (i % 2 === 0 ? first : second).ctx.events.emit("settings.changed", changed(value))));
    await waitFor(async () => runs.length >= 200 && (await pending(first)) === 0, "every event to run", 20_000);
    expect(runs.map((run) => run.value).sort()).toEqual([...values].sort());
    await Promise.all([first.ctx.eventOutbox.stop(), second.ctx.eventOutbox.stop()]);
  });
});

describe("domain events: a slow durable listener", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({}, { eventOutbox: { pollMs: 20 } });
  });
  afterAll(() => server.close());

  it("holds no event kept after it: the outbox claims more while it runs", async () => {
    const ran: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.ctx.events.durable("settings.changed", "test-slow", async ({ event }) => {
      ran.push(`start ${event.setting.value}`);
      if (event.setting.value === "slow") await held;
      ran.push(`end ${event.setting.value}`);
    });
    server.ctx.eventOutbox.start();
    await server.ctx.events.emit("settings.changed", changed("slow"));
    await waitFor(() => ran.includes("start slow"), "the slow listener to start");
    await server.ctx.events.emit("settings.changed", changed("quick"));
    await waitFor(() => ran.includes("end quick"), "the later event to run while the slow one waits");
    expect(ran).not.toContain("end slow");
    release();
    await waitFor(() => ran.includes("end slow"), "the slow one to end");
    await server.ctx.eventOutbox.stop();
  });
});

describe("domain events: a failing durable listener", () => {
  let server: TestServer;
  let attempts = 0;
  beforeAll(async () => {
    server = await createTestServer({}, { eventOutbox: { maxAttempts: 3, backoffMs: () => 1000 } });
    server.ctx.events.durable("settings.changed", "test-flaky", () => {
      attempts++;
      throw new Error("upstream down");
    });
  });
  afterAll(() => server.close());

  it("is retried after its backoff and kept as failed after its last attempt", async () => {
    await server.ctx.events.emit("settings.changed", changed("retried"));
    // One millisecond on: the row's time has microseconds, and within the same millisecond as the
    // emit it is later than Date.now() (not due yet; failed once on the external server).
    const start = Date.now() + 1;
    expect(await server.ctx.eventOutbox.runOnce(new Date(start))).toBe(1);
    expect(await server.ctx.eventOutbox.runOnce(new Date(start + 500)), "not due before its backoff").toBe(0);
    expect(await server.ctx.eventOutbox.runOnce(new Date(start + 1500))).toBe(1);
    expect(await server.ctx.eventOutbox.runOnce(new Date(start + 3000))).toBe(1);
    expect(await server.ctx.eventOutbox.runOnce(new Date(start + 60_000)), "no attempt after the last").toBe(0);
    expect(attempts).toBe(3);
    const [row] = await server.ctx.db.select().from(eventDeliveries);
    expect(row).toMatchObject({ status: "failed", attempts: 3, lastError: "Error: upstream down" });
  });
});
