import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connections } from "../db/schema/index.js";
import { createQueue } from "../test/fixtures.js";
import { fakeDrivers } from "../test/fake-driver.js";
import { createTestServer, type TestServer } from "../test/harness.js";
import { waitFor } from "../test/wait-for.js";

/** Retries the manager scheduled, run by hand: no timers, no sleeps. */
const scheduled: Array<{ ms: number; run: () => void; cancelled: boolean }> = [];
let server: TestServer;
let queueId: number;
const failingStarts = new Map<number, number>();
const fakes = fakeDrivers((driver) => {
  const failures = failingStarts.get(driver.connectionId) ?? 0;
  if (failures > 0) {
    failingStarts.set(driver.connectionId, failures - 1);
    driver.onStart = () => Promise.reject(new Error("cannot reach the network"));
  }
});

beforeAll(async () => {
  server = await createTestServer(
    {},
    {
      channels: {
        stopTimeoutMs: 50,
        schedule(run, ms) {
          const entry = { ms, run, cancelled: false };
          scheduled.push(entry);
          return () => (entry.cancelled = true);
        },
      },
    },
  );
  server.ctx.channels.registerDriver("whatsapp", fakes.factory);
  queueId = (await createQueue(server, await server.adminToken())).id;
});
afterAll(() => server.close());

/** A connection row straight in the database: its driver is not started by a request. */
async function connectionRow(name: string): Promise<number> {
  const [row] = await server.ctx.db
    .insert(connections)
    .values({ name, kind: "whatsapp", destinationType: "queue", destinationId: queueId })
    .returning({ id: connections.id });
  return row!.id;
}

async function statusOf(id: number) {
  const [row] = await server.ctx.db.select({ status: connections.status }).from(connections).where(eq(connections.id, id));
  return row?.status;
}

describe("channel manager", () => {
  it("starts every connection at boot; a failing one is retried with backoff while the others run", async () => {
    const healthy = await connectionRow("Healthy");
    const flaky = await connectionRow("Flaky");
    failingStarts.set(flaky, 2);
    await server.ctx.channels.startAll();

    expect(await statusOf(healthy)).toBe("CONNECTED");
    expect(await statusOf(flaky)).toBe("OPENING");
    expect(server.ctx.channels.isRunning(flaky)).toBe(false);
    expect(fakes.of(flaky).calls).toEqual(["start", "stop"]); // the failed driver is cleaned up
    expect(scheduled.map((s) => s.ms)).toEqual([1000]);

    scheduled[0]!.run();
    await waitFor(() => scheduled.length === 2, "the second retry");
    expect(scheduled[1]!.ms).toBe(2000);
    scheduled[1]!.run();
    await waitFor(async () => (await statusOf(flaky)) === "CONNECTED", "the flaky connection");
    expect(server.ctx.channels.isRunning(flaky)).toBe(true);
    expect(scheduled).toHaveLength(2);
  });

  it("drops the session updates of a replaced driver and never lets an event handler reject", async () => {
    const id = await connectionRow("Restarted");
    await server.ctx.channels.start(id, "whatsapp");
    const old = fakes.of(id);
    await server.ctx.channels.start(id, "whatsapp");
    expect(fakes.of(id)).not.toBe(old);
    expect(old.calls).toEqual(["start", "stop"]);

    await old.events.onSession({ status: "TIMEOUT" });
    expect(await statusOf(id)).toBe("CONNECTED");
    // A broken message (no number) is logged by the handler, not thrown at the driver.
    await expect(
      fakes.of(id).events.onMessage({ externalId: "bad", chat: { number: "", isGroup: false }, fromMe: false, body: "x", mediaType: "chat", timestamp: new Date() }),
    ).resolves.toBeUndefined();
  });

  it("stops every driver on shutdown, leaves a hanging one behind, and cancels pending retries", async () => {
    const hanging = await connectionRow("Hanging");
    const failing = await connectionRow("Failing");
    failingStarts.set(failing, 1);
    await server.ctx.channels.start(hanging, "whatsapp");
    fakes.of(hanging).stop = () => new Promise<void>(() => undefined);
    await server.ctx.channels.start(failing, "whatsapp");
    const retry = scheduled.at(-1)!;

    await server.ctx.channels.stopAll();
    expect(retry.cancelled).toBe(true);
    expect(server.ctx.channels.isRunning(hanging)).toBe(false);
    await server.ctx.channels.start(hanging, "whatsapp");
    expect(server.ctx.channels.isRunning(hanging)).toBe(false); // closed: nothing starts again
  });
});
