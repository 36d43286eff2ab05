// Inbound messages through the API channel: sustained throughput (msgs/s) with concurrent
// senders, then inbound-to-socket latency at a fixed rate (an admin's socket.io client timing each
// `appMessage`); between the two, the URA case (ingest-ura.ts: new conversations through a
// two-level menu, then a steady message each) and the assignment case (ingest-assignment.ts: new
// tickets at 200/s into a round-robin queue, inbound → assigned). `npm run bench:ingest` measures each database of
// BENCH_DATABASES in turn, in one run (default "embedded,server"): `embedded` is Atendo's default
// (its own PostgreSQL server in a fresh data folder), `server` the PostgreSQL server at
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), on a fresh database
// created and dropped.
import { cpus, loadavg } from "node:os";
import { measureAssignment, printAssignment, type AssignmentResult } from "./ingest-assignment.js";
import { measureRules, printRules, type RulesResult } from "./ingest-rules.js";
import { compareWithPlain, measureUra, printUra, type UraResult, type VsPlain } from "./ingest-ura.js";
import { benchDatabases, startOn } from "./support/databases.js";
import { cpuSeconds } from "./support/process-cpu.js";
import { startFakeGraphApi } from "../packages/server/src/test/fakes/graph-api.js";
import { adminSocket, apiConnection, cloudConnection, listen, login, pool, timed } from "./support/server-api.js";
import { ratio, summarise, writeResult, type LatencySummary } from "./support/stats.js";

const databases = benchDatabases("embedded,server");
const throughputMessages = Number(process.env.BENCH_MESSAGES ?? 20_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 128);
const contactsCount = Number(process.env.BENCH_CONTACTS ?? 2_000);
const fixedRate = Number(process.env.BENCH_RATE ?? 500);
const latencySeconds = Number(process.env.BENCH_SECONDS ?? 10);
/** BENCH_URA=0 leaves the URA case out (a shorter run for the plain figures). */
const withUra = process.env.BENCH_URA !== "0";
/** BENCH_CLOUD=0 leaves out the WhatsApp Cloud API webhook as the source (issue 32). */
const withCloud = process.env.BENCH_CLOUD !== "0";
/** BENCH_ASSIGNMENT=0 leaves the assignment case out. */
const withAssignment = process.env.BENCH_ASSIGNMENT !== "0";
/** BENCH_RULES=0 leaves out the automation case (10 active rules that do not match, issue 33). */
const withRules = process.env.BENCH_RULES !== "0";
const admin = { email: "bench@atendo.local", password: "bench-password" };
const adminEnv = { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };

interface IngestResult {
  throughput: { ticketCreation: { msgsPerSecond: number }; steadyState: { msgsPerSecond: number; roundTrip: LatencySummary } };
  machine: { loadAverage1m: number[] };
  latency: { p50: number; p99: number };
  ura?: UraResult & { vsPlain: VsPlain };
  assignment?: AssignmentResult;
  rules?: RulesResult;
}

async function measure(target: string): Promise<IngestResult> {
  console.log(`\n▶ ${target}`);
  const loadAtStart = loadavg()[0]!;
  // The Cloud API's connections check their token against this fake at start; inbound needs nothing of it.
  const graph = await startFakeGraphApi();
  const { server, cleanUp } = await startOn(target, { ...adminEnv, WHATSAPP_CLOUD_API_URL: graph.baseUrl });
  try {
    const session = await login(server.baseUrl, admin);
    // A queue without a greeting, so only the inbound path is measured.
    const queue = await session.post<{ id: number }>("/api/queue", { name: "Bench", color: "#4CAF50" });
    const postInbound = await apiConnection(session, "Bench API", { type: "queue", id: queue.id });
    let seq = 0;
    const post = async (body: string) => {
      const n = seq++;
      const number = `5511${String(900_000_000 + (n % contactsCount))}`;
      await postInbound({ externalId: `bench-${n}`, number, name: `Customer ${n % contactsCount}`, body });
    };

    // Warm-up: every contact's first message (ticket creation), then steady-state throughput;
    // each POST's round trip is kept (the URA case compares its own with them).
    const warmup = Math.min(contactsCount, throughputMessages);
    const run = async (count: number) => {
      const roundTrips: number[] = [];
      const seconds = await pool(count, concurrency, () => timed(roundTrips, () => post("How can I track my order?")));
      return { count, seconds, roundTrip: summarise(roundTrips) };
    };
    // CPU per message (Linux): the server's node process, and its embedded PostgreSQL (descendants;
    // 0 on the external server, whose backends are not its children). Moves little with other load.
    // The bench's own process too: on one 2-core machine the clients take cores the server would
    // otherwise have, so `serverCapacity` (the cores over the server's CPU per message) says what
    // the server alone could carry.
    const cpuPerMessage = async (count: number) => {
      const before = cpuSeconds(server.pid);
      const client = process.cpuUsage();
      const phase = await run(count);
      const after = cpuSeconds(server.pid);
      const clientUsed = process.cpuUsage(client);
      const ms = (seconds: number) => Math.round((seconds * 1000 * 100) / count) / 100;
      const clientMs = ms((clientUsed.user + clientUsed.system) / 1e6);
      const cpuMs = before && after ? { node: ms(after.own - before.own), embeddedPostgres: ms(after.descendants - before.descendants), client: clientMs } : undefined;
      const serverMs = cpuMs ? cpuMs.node + cpuMs.embeddedPostgres : 0;
      const serverCapacity = serverMs > 0 && cpuMs?.embeddedPostgres ? Math.round((cpus().length * 1000) / serverMs) : undefined;
      return { ...phase, cpuMs, serverCapacity };
    };
    const creating = await cpuPerMessage(warmup);
    const steady = await cpuPerMessage(throughputMessages);
    const steadyState = {
      messages: steady.count,
      msgsPerSecond: Math.round(steady.count / steady.seconds),
      roundTrip: steady.roundTrip,
      cpuMsPerMessage: steady.cpuMs,
      serverCapacity: steady.serverCapacity,
    };

    // The same steady state with 10 enabled rules that do not match, right after the plain one (issue 33).
    const plainFigures = { msgsPerSecond: steadyState.msgsPerSecond, p99: steady.roundTrip.p99 };
    const rules = withRules ? await measureRules(session, run, throughputMessages, plainFigures) : undefined;

    // The same steady state with Meta's signed webhook as the source (its own contacts, their tickets made first).
    const cloudWebhook = withCloud ? await measureCloud(session, queue.id, graph) : undefined;

    // Right after the plain steady state, so that the two are compared on the same machine load.
    const ura = withUra ? await measureUra(session, contactsCount, concurrency) : undefined;
    const assignment = withAssignment ? await measureAssignment(session) : undefined;

    // Latency: one message every 1000/rate ms; the admin's socket receives every appMessage.
    const socket = await adminSocket(session);
    const sentAt = new Map<string, number>();
    const samples: number[] = [];
    const total = fixedRate * latencySeconds;
    const allArrived = listen(
      socket,
      (event) => {
        const at = sentAt.get(event.message.body);
        if (event.action === "create" && at !== undefined) samples.push(performance.now() - at);
      },
      () => samples.length === total,
    );
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
    await allArrived();
    socket.close();

    const latency = summarise(samples);
    const vsPlain = ura && compareWithPlain(ura, { ticketCreation: creating.roundTrip, steadyState: { ...steady.roundTrip, msgsPerSecond: steadyState.msgsPerSecond } });
    const result = {
      database: target,
      when: new Date().toISOString(),
      machine: { cpus: cpus().length, loadAverage1m: [loadAtStart, loadavg()[0]!] },
      throughput: {
        concurrency,
        contacts: contactsCount,
        ticketCreation: {
          messages: creating.count,
          msgsPerSecond: Math.round(creating.count / creating.seconds),
          roundTrip: creating.roundTrip,
          cpuMsPerMessage: creating.cpuMs,
          serverCapacity: creating.serverCapacity,
        },
        steadyState,
        cloudWebhook,
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
      ura: ura && vsPlain && { ...ura, vsPlain },
      assignment,
      rules,
    };
    console.log(`\nthroughput (concurrency ${concurrency}, ${contactsCount} contacts; POST round trip in ms; 1-minute load ${result.machine.loadAverage1m.map((n) => n.toFixed(1)).join(" → ")})`);
    console.table(
      Object.fromEntries(
        (["ticketCreation", "steadyState"] as const).map((name) => {
          const { messages, msgsPerSecond, roundTrip, cpuMsPerMessage: cpu, serverCapacity } = result.throughput[name];
          return [
            name,
            {
              messages,
              msgsPerSecond,
              "POST p50": roundTrip.p50,
              "POST p99": roundTrip.p99,
              "node CPU ms/msg": cpu?.node,
              "embedded PG CPU ms/msg": cpu?.embeddedPostgres,
              "bench client CPU ms/msg": cpu?.client,
              "server alone, msgs/s": serverCapacity,
            },
          ];
        }),
      ),
    );
    if (cloudWebhook) {
      console.log("steady state by source (POST round trip in ms)");
      console.table({
        "API channel": { msgsPerSecond: steadyState.msgsPerSecond, "POST p50": steady.roundTrip.p50, "POST p99": steady.roundTrip.p99 },
        "Cloud API webhook": { msgsPerSecond: cloudWebhook.msgsPerSecond, "POST p50": cloudWebhook.roundTrip.p50, "POST p99": cloudWebhook.roundTrip.p99 },
      });
    }
    console.log(`inbound-to-socket latency at ${fixedRate} msgs/s for ${latencySeconds} s (achieved ${result.latency.achievedRate} msgs/s)`);
    console.table({ latency });
    if (ura && vsPlain) printUra(ura, vsPlain);
    if (assignment) printAssignment(assignment);
    if (rules) printRules(rules, plainFigures);
    writeResult(`ingest-${target}`, result);
    return result;
  } finally {
    await cleanUp();
    await graph.close();
  }
}

/** Steady-state throughput of customers' texts arriving as signed Cloud API webhooks (one message per POST, as Meta sends them). */
async function measureCloud(session: Awaited<ReturnType<typeof login>>, queueId: number, graph: Awaited<ReturnType<typeof startFakeGraphApi>>) {
  const post = await cloudConnection(session, "Bench Cloud", { type: "queue", id: queueId }, graph);
  let seq = 0;
  const send = async () => {
    const n = seq++;
    await post({ externalId: `cloud-${n}`, number: `5521${String(900_000_000 + (n % contactsCount))}`, name: `Cloud customer ${n % contactsCount}`, body: "Where is my order?" });
  };
  await pool(Math.min(contactsCount, throughputMessages), concurrency, send);
  const roundTrips: number[] = [];
  const seconds = await pool(throughputMessages, concurrency, () => timed(roundTrips, send));
  return { messages: throughputMessages, msgsPerSecond: Math.round(throughputMessages / seconds), roundTrip: summarise(roundTrips) };
}

const results: Record<string, IngestResult> = {};
for (const target of databases) results[target] = await measure(target);
if (results.embedded && results.server) {
  const { embedded, server } = results;
  console.log("\nembedded / server, same run");
  console.table({
    "ticket creation, msgs/s": ratio(embedded.throughput.ticketCreation.msgsPerSecond, server.throughput.ticketCreation.msgsPerSecond),
    "steady state, msgs/s": ratio(embedded.throughput.steadyState.msgsPerSecond, server.throughput.steadyState.msgsPerSecond),
    "latency p50": ratio(embedded.latency.p50, server.latency.p50),
    "latency p99": ratio(embedded.latency.p99, server.latency.p99),
    ...(embedded.assignment && server.assignment
      ? { "assignment, inbound → assigned p99": ratio(embedded.assignment.inboundToAssigned.p99, server.assignment.inboundToAssigned.p99) }
      : {}),
    ...(embedded.ura && server.ura
      ? {
          "URA case, msgs/s overall": ratio(embedded.ura.overall.msgsPerSecond, server.ura.overall.msgsPerSecond),
          "URA case, steady after routing POST p99": ratio(embedded.ura.steps.steadyAfterRouting.roundTrip.p99, server.ura.steps.steadyAfterRouting.roundTrip.p99),
        }
      : {}),
  });
}
