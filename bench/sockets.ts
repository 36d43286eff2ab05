// Live attendants (issue 18): BENCH_SOCKET_USERS attendants (2,000) spread evenly over
// BENCH_SOCKET_QUEUES queues (20), each signed in with one socket.io client as the web app connects
// (joinNotification in the handshake); then customers write through one API connection per queue at
// BENCH_SOCKET_RATE msgs/s (200) for BENCH_SOCKET_SECONDS (10), each message from one of
// BENCH_SOCKET_CUSTOMERS customers per queue (30), after a warm-up in which each of them wrote
// once, so they land in waiting tickets that already exist. For every message: from just before its
// inbound POST to its `appMessage` create reaching every attendant of its queue (fan-out
// completion), and each delivery on its own. The clients live in BENCH_SOCKET_PROCESSES child
// processes (4), so that no single client event loop sets the tail; BENCH_SOCKET_CLIENT=raw swaps
// socket.io-client for a client of the same protocol that does not parse every frame
// (support/raw-socket-client.ts). BENCH_SOCKET_INSTANCES (1; "1,2" runs both) Atendo processes
// share the load: with 2, on the PostgreSQL server and the Redis adapter, attendant i connects to
// instance i mod 2 and message i is posted to instance i mod 2. Also: the server's memory per
// socket, CPU per message (node, PostgreSQL), the server's event-loop delay (a bench-only preload,
// support/event-loop-probe.mjs) and the client processes'. Target: p99 inbound → every entitled
// socket ≤ 100 ms at 200 msgs/s. `npm run bench:sockets`, on each database of BENCH_DATABASES
// (default "embedded"); BENCH_SOCKET_CPU_PROF=<folder> writes each server's CPU profile of the
// measured phase there (<pid>-2.cpuprofile).
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { benchDatabases } from "./support/databases.js";
import { backendCpuSince, startInstances } from "./support/instances.js";
import { assertSignInsFit, atRate, loginAddressOf } from "./support/pacing.js";
import { cpuSeconds } from "./support/process-cpu.js";
import { probeEnv, readLoopDelay, removeProbeFile, type LoopDelay } from "./support/server-loop-delay.js";
import { apiConnection, login, pool, timed, type PostInbound } from "./support/server-api.js";
import { absoluteNow, SocketClients, type ClientKind, type HeardMessage, type WorkerClient } from "./support/socket-clients.js";
import { summarise, writeResult, type LatencySummary } from "./support/stats.js";

const databases = benchDatabases("embedded");
const instanceCounts = (process.env.BENCH_SOCKET_INSTANCES ?? "1").split(",").map(Number);
const usersCount = Number(process.env.BENCH_SOCKET_USERS ?? 2_000);
const queuesCount = Number(process.env.BENCH_SOCKET_QUEUES ?? 20);
const customersPerQueue = Number(process.env.BENCH_SOCKET_CUSTOMERS ?? 30);
const rate = Number(process.env.BENCH_SOCKET_RATE ?? 200);
const seconds = Number(process.env.BENCH_SOCKET_SECONDS ?? 10);
const clientProcesses = Number(process.env.BENCH_SOCKET_PROCESSES ?? 4);
const cpuProfileDir = process.env.BENCH_SOCKET_CPU_PROF;
const clientKind = (process.env.BENCH_SOCKET_CLIENT ?? "socket-io") as ClientKind;
if (clientKind !== "socket-io" && clientKind !== "raw") throw new Error(`BENCH_SOCKET_CLIENT: socket-io or raw, not ${String(clientKind)}`);
/** A message not heard by every attendant of its queue this long after its POST counts as timed out. */
const waitMs = 15_000;
const setupConcurrency = 16;
const targetP99Ms = 100;
const password = "bench-password";
const admin = { email: "bench@atendo.local", password };

assertSignInsFit(usersCount + 1, "BENCH_SOCKET_USERS");

/** A process's resident memory in bytes (Linux /proc), or undefined elsewhere. */
function residentBytes(pid: number): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** One message on its way: sent at (absolute ms), how many client processes have still to report it. */
interface Tracked {
  sentAt: number;
  processesLeft: number;
  lastAt: number;
  /** When its inbound POST answered: the server announces a message before it answers. */
  answeredAt?: number;
}

interface Phase {
  tracked: Map<string, Tracked>;
  fanOut: number[];
  deliveries: number[];
  posts: number[];
  failedPosts: number;
  completed: number;
  expected: number;
  sendingDone: boolean;
  done: () => void;
  heard: Promise<void>;
}

function newPhase(expected: number): Phase {
  let done = () => {};
  const heard = new Promise<void>((resolve) => (done = resolve));
  return { tracked: new Map(), fanOut: [], deliveries: [], posts: [], failedPosts: 0, completed: 0, expected, sendingDone: false, done, heard };
}

function settled(phase: Phase): void {
  if (phase.sendingDone && phase.completed === phase.expected) phase.done();
}

/** A client process's report: every attendant of the queue it holds heard the message, at these times. */
function onHeard(phase: Phase, { body, times }: HeardMessage): void {
  const message = phase.tracked.get(body);
  if (!message) return;
  for (const at of times) phase.deliveries.push(at - message.sentAt);
  message.lastAt = Math.max(message.lastAt, ...times);
  if (--message.processesLeft > 0) return;
  phase.fanOut.push(message.lastAt - message.sentAt);
  phase.completed++;
  settled(phase);
}

/** Customers write at `rate` msgs/s (not waiting for answers), round-robin over the queues and the instances. */
async function writeAtRate(label: string, count: number, inbound: PostInbound[], bases: string[], clients: SocketClients, phase: Phase) {
  const paced = await atRate(count, rate, (i) => {
    const queue = i % queuesCount;
    const customer = Math.floor(i / queuesCount) % customersPerQueue;
    const body = `${label}-${queue}-${i}`;
    const message: Tracked = { sentAt: absoluteNow(), processesLeft: clients.processesOf(queue), lastAt: 0 };
    phase.tracked.set(body, message);
    const number = `5599${String(queue).padStart(3, "0")}${String(customer).padStart(5, "0")}`;
    const base = bases[i % bases.length];
    return timed(phase.posts, () => inbound[queue]!({ externalId: body, number, name: `Customer ${queue}-${customer}`, body }, base)).then(
      () => void (message.answeredAt = absoluteNow()),
      () => {
        phase.failedPosts++;
        phase.expected--;
        phase.tracked.delete(body);
        settled(phase);
      },
    );
  });
  phase.sendingDone = true;
  settled(phase);
  return paced;
}

async function untilHeard(heard: Promise<void>, lastSent: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([heard, new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, lastSent + waitMs - performance.now()))))]);
  clearTimeout(timer);
}

async function measure(target: string, instanceCount: number) {
  console.log(`\n▶ ${target}, ${instanceCount} instance(s), ${clientKind} clients in ${clientProcesses} processes`);
  const envs = Array.from({ length: instanceCount }, (_, i) => {
    const env: Record<string, string> = { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...probeEnv(`${target}-${instanceCount}-${i}`) };
    // A CPU profile of each server between the probe's readings: <pid>-2.cpuprofile is the measured phase.
    if (cpuProfileDir) env.BENCH_CPU_PROFILE_DIR = cpuProfileDir;
    return env;
  });
  const { servers, backendCpuSeconds, cleanUp } = await startInstances(target, instanceCount, (i) => envs[i]!);
  const bases = servers.map((server) => server.baseUrl);
  let clients: SocketClients | undefined;
  try {
    const session = await login(bases[0]!, admin);
    const setupStart = performance.now();
    const queues: number[] = [];
    const inbound: PostInbound[] = [];
    for (let q = 0; q < queuesCount; q++) {
      const color = `#${(0x102030 + q * 0x0a0b0c).toString(16).slice(-6).toUpperCase()}`;
      const queue = await session.post<{ id: number }>("/api/queue", { name: `Bench queue ${q}`, color, greetingMessage: "" });
      queues.push(queue.id);
      inbound.push(await apiConnection(session, `Bench line ${q}`, { type: "queue", id: queue.id }));
    }
    // Attendant i works in queue i mod queuesCount, signed in on (and connected to) instance i mod instanceCount.
    const attendants: WorkerClient[] = [];
    await pool(usersCount, setupConcurrency, async (i) => {
      const email = `socket-user-${i}@atendo.local`;
      const queue = i % queuesCount;
      await session.post("/api/users", { name: `Attendant ${i}`, email, password, profile: "user", queueIds: [queues[queue]] });
      const base = bases[i % bases.length]!;
      const { token } = await login(base, { email, password }, loginAddressOf(i + 1));
      attendants[i] = { user: i, queue, token, base };
    });

    const rssOf = () => servers.map((server) => residentBytes(server.pid) ?? 0);
    const rssBefore = rssOf();
    clients = await SocketClients.connect(clientKind, bases[0]!, attendants, clientProcesses, setupConcurrency);
    const rssAfter = rssOf();
    const setupSeconds = Math.round((performance.now() - setupStart) / 100) / 10;
    console.log(`${usersCount} attendants in ${queuesCount} queues, connected over ${clientProcesses} client processes (set up in ${setupSeconds} s)`);

    // Warm-up, not counted: at the rate, until every customer wrote once (their tickets are created
    // here), at least one second. The measured messages then land in waiting tickets, as most of a
    // call centre's do; otherwise each new ticket's `ticket` event doubles the frames of its message.
    const warmCount = Math.max(rate, queuesCount * customersPerQueue);
    const warm = newPhase(warmCount);
    await clients.start("warmup", (heard) => onHeard(warm, heard));
    const warmRun = await writeAtRate("warmup", warmCount, inbound, bases, clients, warm);
    await untilHeard(warm.heard, warmRun.lastSent);
    await clients.stop();

    const total = rate * seconds;
    const run = newPhase(total);
    const loads: number[] = [loadavg()[0]!];
    const loadTimer = setInterval(() => loads.push(loadavg()[0]!), 2_000);
    await Promise.all(servers.map((server, i) => readLoopDelay(server.pid, envs[i]!)));
    await clients.start("live", (heard) => onHeard(run, heard));
    const cpuBefore = servers.map((server) => cpuSeconds(server.pid));
    const backendBefore = await backendCpuSeconds();
    const clientCpuBefore = clients.pids.map((pid) => cpuSeconds(pid)?.own ?? 0);
    const sent = await writeAtRate("live", total, inbound, bases, clients, run);
    await untilHeard(run.heard, sent.lastSent);
    const cpuAfter = servers.map((server) => cpuSeconds(server.pid));
    const backendAfter = await backendCpuSeconds();
    const clientCpu = clients.pids.map((pid, i) => (cpuSeconds(pid)?.own ?? 0) - clientCpuBefore[i]!);
    const serverLoops: LoopDelay[] = await Promise.all(servers.map((server, i) => readLoopDelay(server.pid, envs[i]!)));
    const report = await clients.stop();
    clearInterval(loadTimer);
    loads.push(loadavg()[0]!);
    for (const { body, times } of report.partial) {
      const message = run.tracked.get(body);
      if (message) for (const at of times) run.deliveries.push(at - message.sentAt);
    }

    const round2 = (n: number) => Math.round(n * 100) / 100;
    const perMessage = (cpu: number) => Math.round((cpu * 1000 * 100) / total) / 100;
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const nodeCpu = sum(cpuAfter.map((after, i) => (after?.own ?? 0) - (cpuBefore[i]?.own ?? 0)));
    const embeddedCpu = sum(cpuAfter.map((after, i) => (after?.descendants ?? 0) - (cpuBefore[i]?.descendants ?? 0)));
    const postgresCpu = backendBefore && backendAfter ? backendCpuSince(backendBefore, backendAfter) : embeddedCpu;
    const fanOut = summarise(run.fanOut);
    const deliveries = summarise(run.deliveries);
    const post = summarise(run.posts);
    // The socket side alone: from the POST's answer (the message was announced just before it) to
    // the last attendant hearing it; a server that falls behind delays both alike.
    const sinceAnswer = summarise([...run.tracked.values()].filter((m) => m.processesLeft === 0 && m.answeredAt).map((m) => m.lastAt - m.answeredAt!));
    const memoryGrowth = sum(rssAfter.map((after, i) => after - rssBefore[i]!));
    const result = {
      database: target,
      instances: instanceCount,
      clientProcesses,
      client: clientKind,
      when: new Date().toISOString(),
      machine: { cpus: cpus().length, loadAverage1m: { min: Math.min(...loads), max: Math.max(...loads) } },
      setup: { attendants: usersCount, queues: queuesCount, socketsPerQueue: usersCount / queuesCount, customersPerQueue, seconds: setupSeconds },
      rate,
      seconds,
      messages: total,
      achievedRate: Math.round(total / sent.offeredSeconds),
      answeredRate: Math.round(total / sent.answeredSeconds),
      lateSends: sent.lateSends,
      failedPosts: run.failedPosts,
      completed: run.completed,
      timedOut: run.expected - run.completed,
      deliveriesExpected: total * (usersCount / queuesCount),
      strays: report.strays,
      /** Events the attendants' sockets heard during the run, by name, per message sent. */
      eventsPerMessage: Object.fromEntries(Object.entries(report.events).map(([name, count]) => [name, round2(count / total)])),
      unit: "ms",
      fanOut,
      deliveries,
      post,
      sinceAnswer,
      targetP99Ms,
      targetMet: fanOut.p99 <= targetP99Ms && run.completed === total,
      serverMemoryPerSocketKiB: rssAfter.every(Boolean) ? Math.round(memoryGrowth / 1024 / usersCount) : null,
      serverRssMiB: rssAfter.map((rss) => Math.round(rss / 1024 / 1024)),
      /** node: the Atendo processes; postgres: their embedded server, or the backends of the bench database on the PostgreSQL server. */
      serverCpuMsPerMessage: { node: perMessage(nodeCpu), postgres: perMessage(postgresCpu) },
      /** The client processes together: on this machine they take CPU the server would otherwise have. */
      clientCpuMsPerMessage: perMessage(sum(clientCpu)),
      /** Each Atendo process's event loop during the measured phase. */
      serverEventLoopDelay: serverLoops.map(({ p50, p99, max }) => ({ p50, p99, max })),
      /** The client processes' event loops: a high figure means the clients, not the server, set the latency. */
      clientEventLoopDelay: report.loopDelays.map(({ p99, max }) => ({ p99: round2(p99), max: round2(max) })),
    };
    const row = ({ count, p50, p95, p99, max }: LatencySummary) => ({ count, p50, p95, p99, max });
    console.table({ "fan-out (every attendant of the queue heard it)": row(fanOut), "each delivery": row(deliveries), "inbound POST": row(post), "from the POST's answer to the last attendant": row(sinceAnswer) });
    const loops = (delays: { p99: number; max: number }[]) => delays.map(({ p99, max }) => `${round2(p99)}/${round2(max)}`).join(", ");
    console.log(
      `completed ${result.completed}/${total}, timed out ${result.timedOut}, strays ${result.strays}, events per message ${JSON.stringify(result.eventsPerMessage)}, answered ${result.answeredRate} msgs/s, ` +
        `server RSS ${result.serverRssMiB.join(" + ")} MiB (${result.serverMemoryPerSocketKiB} KiB per socket), CPU per message ${JSON.stringify(result.serverCpuMsPerMessage)} ms (clients ${result.clientCpuMsPerMessage} ms), ` +
        `server event loop p99/max ${loops(result.serverEventLoopDelay)} ms, client processes' ${loops(result.clientEventLoopDelay)} ms, ` +
        `load ${result.machine.loadAverage1m.min}–${result.machine.loadAverage1m.max}`,
    );
    return result;
  } finally {
    await clients?.close();
    await cleanUp();
    for (const env of envs) removeProbeFile(env);
  }
}

// One file per instance count, client and rate (bench/results/sockets.json, sockets-2-instances-raw.json…), each with every database.
for (const instances of instanceCounts) {
  const results = [];
  for (const target of databases) results.push(await measure(target, instances));
  writeResult(`sockets${instances === 1 ? "" : `-${instances}-instances`}${clientKind === "raw" ? "-raw" : ""}${rate === 200 ? "" : `-${rate}-per-second`}`, results);
}
