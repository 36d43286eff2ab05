import type { Connection } from "@atendo/contracts";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type BuiltApp } from "../app.js";
import { loadConfig } from "../config.js";
import { inbound, createConnection } from "../test/channel-fixtures.js";
import { createQueue } from "../test/fixtures.js";
import { createTestServer, type TestServer } from "../test/harness.js";
import { ownRedis, type OwnRedis } from "../test/own-redis.js";
import { connectSocket, recordEvents } from "../test/socket-client.js";
import { waitFor } from "../test/wait-for.js";

// Issue 35: Redis goes away under two instances sharing it (docs/decisions/0101). The Redis is
// the test's own redis-server, killed and started again; the shared one is never touched.

type MessageEvent = { action: string; message?: { body?: string } };

const metricsToken = "redis-outage-metrics-token";
const unhandled: unknown[] = [];
const collect = (error: unknown) => unhandled.push(error);

let redis: OwnRedis;
let first: TestServer;
let second: BuiltApp;
let connection: Connection;
/** Admins' sockets, one on each instance, asking for every notification. */
let onFirst: Socket;
let onSecond: Socket;
/** An agent connected to the first instance only. */
let agent: { id: number };
let agentSocket: Socket;
beforeAll(async () => {
  process.on("unhandledRejection", collect);
  process.on("uncaughtException", collect);
  redis = await ownRedis();
  first = await createTestServer({ REDIS_URL: redis.url, METRICS_TOKEN: metricsToken });
  second = await buildApp({ config: loadConfig({ LOG_LEVEL: "silent", REDIS_URL: redis.url }), database: first.ctx.database, mailer: null });
  const secondUrl = await second.app.listen({ port: 0, host: "127.0.0.1" });
  const firstUrl = await first.listen();
  const admin = await first.adminToken();
  const queue = await createQueue(first, admin);
  connection = await createConnection(first, admin, { destinationType: "queue", destinationItem: queue.id });
  onFirst = await connectSocket(firstUrl, admin);
  onSecond = await connectSocket(secondUrl, admin);
  const created = await first.createUser();
  agent = created;
  agentSocket = await connectSocket(firstUrl, created.token);
});
afterAll(async () => {
  for (const socket of [onFirst, onSecond, agentSocket]) socket?.close();
  await second?.app.close();
  await first?.close();
  await redis?.kill();
  process.off("unhandledRejection", collect);
  process.off("uncaughtException", collect);
});

/** What the first instance's scrape says of Redis: `atendo_redis_connected` 1 or 0. */
async function redisGauge(): Promise<string | undefined> {
  const scrape = await first.request({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${metricsToken}` } });
  return /^atendo_redis_connected (\d)$/m.exec(scrape.body)?.[1];
}

let said = 0;
/** A customer's message to the first instance (the API channel): its event goes to every admin socket. */
async function customerSays(): Promise<string> {
  const body = `message ${++said}`;
  await inbound(first, connection, { body });
  return body;
}

const bodies = (events: MessageEvent[]) => events.map((event) => event.message?.body);
const bothConnected = () => first.ctx.realtime.redisConnected() === true && second.ctx.realtime.redisConnected() === true;

describe("Redis down and back under two instances", () => {
  it("keeps each instance serving its own sockets while Redis is away, and joins them again when it is back", { timeout: 60_000 }, async () => {
    const heardOnFirst = recordEvents<MessageEvent>(onFirst, "appMessage");
    const heardOnSecond = recordEvents<MessageEvent>(onSecond, "appMessage");
    const before = await customerSays();
    await waitFor(() => bodies(heardOnSecond).includes(before), "the other instance's socket hearing the event");
    expect(await second.ctx.realtime.anyConnected([agent.id])).toBe(true);
    expect(await redisGauge()).toBe("1");

    await redis.kill();
    await waitFor(() => first.ctx.realtime.redisConnected() === false && second.ctx.realtime.redisConnected() === false, "both instances seeing Redis gone");

    expect(await redisGauge()).toBe("0");
    // A customer's message to the first instance is stored and reaches the first instance's sockets.
    const during = await customerSays();
    await waitFor(() => bodies(heardOnFirst).includes(during), "the first instance's socket hearing its own event during the outage");
    // Lookups across instances answer for their own instance at once instead of waiting for Redis.
    expect([...(await first.ctx.realtime.connectedUsers([agent.id]))]).toEqual([agent.id]);
    expect(await second.ctx.realtime.anyConnected([agent.id])).toBe(false);

    await redis.start();
    await waitFor(bothConnected, "both instances reaching Redis again", 20_000);
    expect(await redisGauge()).toBe("1");
    // Each instance subscribes again as it reconnects: events resume once the other one listens.
    let after = "";
    let lastSaid = 0;
    await waitFor(
      async () => {
        if (after && bodies(heardOnSecond).includes(after)) return true;
        if (Date.now() - lastSaid < 250) return false;
        lastSaid = Date.now();
        after = await customerSays();
        return false;
      },
      "the other instance's socket hearing events again",
      20_000,
    );
    // Lookups cross instances again (once the first instance has subscribed again too).
    await waitFor(() => second.ctx.realtime.anyConnected([agent.id]), "the second instance seeing the first one's agent again", 20_000);
    // What was published during the outage was not queued for a late replay to the other instance.
    expect(bodies(heardOnSecond)).not.toContain(during);
    expect([onFirst.connected, onSecond.connected, agentSocket.connected]).toEqual([true, true, true]);
    expect(unhandled).toEqual([]);
  });
});
