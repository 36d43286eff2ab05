// Inbound messages through the API channel: sustained throughput (msgs/s) with concurrent
// senders, then inbound-to-socket latency at a fixed rate (an admin's socket.io client timing each
// `appMessage`). `npm run bench:ingest` measures each database of BENCH_DATABASES in turn, in one
// run (default "embedded,server"): `embedded` is Atendo's default (its own PostgreSQL server in a
// fresh data folder), `server` the PostgreSQL server at BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test), on a fresh database created and dropped.
import { randomBytes } from "node:crypto";
import { cpus } from "node:os";
import { io } from "socket.io-client";
import { spawnServer, type SpawnedServer } from "../packages/server/src/test/spawn-server.js";
import { adminQuery } from "../packages/server/src/test/test-database.js";
import { summarise, writeResult } from "./support/stats.js";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const databases = (process.env.BENCH_DATABASES ?? "embedded,server").split(",").map((name) => name.trim());
const throughputMessages = Number(process.env.BENCH_MESSAGES ?? 20_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 64);
const contactsCount = Number(process.env.BENCH_CONTACTS ?? 2_000);
const fixedRate = Number(process.env.BENCH_RATE ?? 500);
const latencySeconds = Number(process.env.BENCH_SECONDS ?? 10);
const admin = { email: "bench@atendo.local", password: "bench-password" };
const adminEnv = { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A server process on the named database, and how to clean up after it. */
async function startOn(target: string): Promise<{ server: SpawnedServer; cleanUp: () => Promise<void> }> {
  if (target === "embedded") {
    const server = await spawnServer(adminEnv);
    return { server, cleanUp: () => server.stop() };
  }
  if (target !== "server") throw new Error(`BENCH_DATABASES: unknown database ${target} (embedded, server)`);
  const database = `atendo_bench_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${database}`);
  const dropDatabase = () => adminQuery(serverUrl, `drop database if exists ${database} with (force)`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const server = await spawnServer({ ...adminEnv, DATABASE_URL: url.toString() }).catch(async (error: unknown) => {
    await dropDatabase();
    throw error;
  });
  return {
    server,
    cleanUp: async () => {
      await server.stop();
      await dropDatabase();
    },
  };
}

interface IngestResult {
  throughput: { ticketCreation: { msgsPerSecond: number }; steadyState: { msgsPerSecond: number } };
  latency: { p50: number; p99: number };
}

async function measure(target: string): Promise<IngestResult> {
  console.log(`\n▶ ${target}`);
  const { server, cleanUp } = await startOn(target);
  try {
    const base = server.baseUrl;
    const { token } = await json<{ token: string }>(
      await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(admin) }),
    );
    const authed = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    // A queue without a greeting, so only the inbound path is measured.
    const queue = await json<{ id: number }>(
      await fetch(`${base}/api/queue`, { method: "POST", headers: authed, body: JSON.stringify({ name: "Bench", color: "#4CAF50" }) }),
    );
    const connection = await json<{ id: number; apiToken: string }>(
      await fetch(`${base}/api/whatsapp`, {
        method: "POST",
        headers: authed,
        body: JSON.stringify({ name: "Bench API", kind: "api", destinationType: "queue", destinationItem: queue.id }),
      }),
    );
    const inboundUrl = `${base}/api/channels/${connection.id}/messages`;
    const channelHeaders = { authorization: `Bearer ${connection.apiToken}`, "content-type": "application/json" };
    let seq = 0;
    const post = async (body: string) => {
      const n = seq++;
      const number = `5511${String(900_000_000 + (n % contactsCount))}`;
      const response = await fetch(inboundUrl, {
        method: "POST",
        headers: channelHeaders,
        body: JSON.stringify({ externalId: `bench-${n}`, from: { number, name: `Customer ${n % contactsCount}` }, body }),
      });
      if (response.status !== 201) throw new Error(`inbound: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };

    // Warm-up: every contact's first message (ticket creation), then steady-state throughput.
    const warmup = Math.min(contactsCount, throughputMessages);
    const run = async (count: number) => {
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < count) {
            next++;
            await post("How can I track my order?");
          }
        }),
      );
      return { count, seconds: (performance.now() - started) / 1000 };
    };
    const creating = await run(warmup);
    const steady = await run(throughputMessages);

    // Latency: one message every 1000/rate ms; the admin's socket receives every appMessage.
    const socket = io(base, { path: "/socket.io", auth: { token }, transports: ["websocket"], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    const sentAt = new Map<string, number>();
    const samples: number[] = [];
    const total = fixedRate * latencySeconds;
    const allArrived = new Promise<void>((resolve) => {
      socket.on("appMessage", (event: { action: string; message: { body: string } }) => {
        const at = sentAt.get(event.message.body);
        if (event.action !== "create" || at === undefined) return;
        samples.push(performance.now() - at);
        if (samples.length === total) resolve();
      });
    });
    const interval = 1000 / fixedRate;
    const t0 = performance.now();
    const inflight: Promise<void>[] = [];
    let lagging = 0;
    for (let i = 0; i < total; i++) {
      const due = t0 + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      else if (wait < -interval) lagging++;
      const body = `latency-${i}`;
      sentAt.set(body, performance.now());
      inflight.push(post(body));
    }
    await Promise.all(inflight);
    const offeredSeconds = (performance.now() - t0) / 1000;
    await Promise.race([allArrived, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    socket.close();

    const latency = summarise(samples);
    const result = {
      database: target,
      when: new Date().toISOString(),
      machine: { cpus: cpus().length },
      throughput: {
        concurrency,
        contacts: contactsCount,
        ticketCreation: { messages: creating.count, msgsPerSecond: Math.round(creating.count / creating.seconds) },
        steadyState: { messages: steady.count, msgsPerSecond: Math.round(steady.count / steady.seconds) },
      },
      latency: {
        rate: fixedRate,
        seconds: latencySeconds,
        achievedRate: Math.round(total / offeredSeconds),
        lateSends: lagging,
        received: samples.length,
        unit: "ms",
        ...latency,
      },
    };
    console.log(`\nthroughput (concurrency ${concurrency}, ${contactsCount} contacts)`);
    console.table({ ticketCreation: result.throughput.ticketCreation, steadyState: result.throughput.steadyState });
    console.log(`inbound-to-socket latency at ${fixedRate} msgs/s for ${latencySeconds} s (achieved ${result.latency.achievedRate} msgs/s)`);
    console.table({ latency });
    writeResult(`ingest-${target}`, result);
    return result;
  } finally {
    await cleanUp();
  }
}

const results: Record<string, IngestResult> = {};
for (const target of databases) results[target] = await measure(target);
if (results.embedded && results.server) {
  const ratio = (embedded: number, server: number) => Math.round((embedded / server) * 100) / 100;
  const { embedded, server } = results;
  console.log("\nembedded / server, same run");
  console.table({
    "ticket creation, msgs/s": ratio(embedded.throughput.ticketCreation.msgsPerSecond, server.throughput.ticketCreation.msgsPerSecond),
    "steady state, msgs/s": ratio(embedded.throughput.steadyState.msgsPerSecond, server.throughput.steadyState.msgsPerSecond),
    "latency p50": ratio(embedded.latency.p50, server.latency.p50),
    "latency p99": ratio(embedded.latency.p99, server.latency.p99),
  });
}
