// Live attendants (issue 18): BENCH_SOCKET_USERS attendants (2,000) spread evenly over
// BENCH_SOCKET_QUEUES queues (20), each signed in with one socket.io client as the web app
// connects (joinNotification in the handshake); then customers write through one API connection
// per queue at BENCH_SOCKET_RATE msgs/s (200) for BENCH_SOCKET_SECONDS (10), each message from one
// of BENCH_SOCKET_CUSTOMERS customers per queue (30), so most land in a waiting ticket that
// already exists. For every message: from just before its inbound POST to its `appMessage`
// create reaching every attendant of its queue (fan-out completion), and each delivery on its own.
// Also the server's memory per socket (resident set before and after the sockets connect) and its
// CPU per message. The target: p99 inbound → every entitled socket ≤ 100 ms at 200 msgs/s.
// `npm run bench:sockets`, on each database of BENCH_DATABASES (default "embedded").
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Socket } from "socket.io-client";
import { benchDatabases, startOn } from "./support/databases.js";
import { assertSignInsFit, atRate, loginAddressOf } from "./support/pacing.js";
import { cpuSeconds } from "./support/process-cpu.js";
import { adminSocket, apiConnection, login, pool, timed, type AdminSession, type AppMessageEvent, type PostInbound } from "./support/server-api.js";
import { summarise, writeResult, type LatencySummary } from "./support/stats.js";

const databases = benchDatabases("embedded");
const usersCount = Number(process.env.BENCH_SOCKET_USERS ?? 2_000);
const queuesCount = Number(process.env.BENCH_SOCKET_QUEUES ?? 20);
const customersPerQueue = Number(process.env.BENCH_SOCKET_CUSTOMERS ?? 30);
const rate = Number(process.env.BENCH_SOCKET_RATE ?? 200);
const seconds = Number(process.env.BENCH_SOCKET_SECONDS ?? 10);
/** A message not heard by every attendant of its queue this long after its POST counts as timed out. */
const waitMs = 15_000;
const setupConcurrency = 16;
const targetP99Ms = 100;
const password = "bench-password";
const admin = { email: "bench@atendo.local", password };

assertSignInsFit(usersCount + 1, "BENCH_SOCKET_USERS");

/** The server process's resident memory in bytes (Linux /proc), or undefined elsewhere. */
function residentBytes(pid: number): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

interface Tracked {
  sentAt: number;
  waiting: Set<number>;
}

interface Phase {
  fanOut: number[];
  deliveries: number[];
  posts: number[];
  failedPosts: number;
  /** Deliveries to a socket outside the message's queue, or a second time to one inside. */
  strays: number;
  completed: number;
  expected: number;
  sendingDone: boolean;
  done: () => void;
}

function settled(phase: Phase): void {
  if (phase.sendingDone && phase.completed === phase.expected) phase.done();
}

/** Hands each tracked `appMessage` create the socket of attendant `user` hears to the phase. */
function listenAs(socket: Socket, user: number, tracked: Map<string, Tracked>, phase: () => Phase | undefined): void {
  socket.on("appMessage", (event: AppMessageEvent) => {
    const now = performance.now();
    const current = phase();
    const message = event.action === "create" ? tracked.get(event.message.body) : undefined;
    if (!current || !message) return;
    if (!message.waiting.delete(user)) {
      current.strays++;
      return;
    }
    current.deliveries.push(now - message.sentAt);
    if (message.waiting.size > 0) return;
    current.fanOut.push(now - message.sentAt);
    current.completed++;
    settled(current);
  });
}

/** Customers write at `rate` msgs/s (not waiting for answers), round-robin over the queues. */
async function writeAtRate(label: string, count: number, inbound: PostInbound[], members: number[][], tracked: Map<string, Tracked>, phase: Phase) {
  const paced = await atRate(count, rate, (i) => {
    const queue = i % queuesCount;
    const customer = Math.floor(i / queuesCount) % customersPerQueue;
    const body = `${label}-${i}`;
    const message: Tracked = { sentAt: performance.now(), waiting: new Set(members[queue]) };
    tracked.set(body, message);
    const number = `5599${String(queue).padStart(3, "0")}${String(customer).padStart(5, "0")}`;
    return timed(phase.posts, () => inbound[queue]!({ externalId: body, number, name: `Customer ${queue}-${customer}`, body })).then(
      () => undefined,
      () => {
        phase.failedPosts++;
        phase.expected--;
        message.waiting.clear();
        settled(phase);
      },
    );
  });
  phase.sendingDone = true;
  settled(phase);
  return paced;
}

function newPhase(expected: number): { phase: Phase; heard: Promise<void> } {
  let done = () => {};
  const heard = new Promise<void>((resolve) => (done = resolve));
  return { phase: { fanOut: [], deliveries: [], posts: [], failedPosts: 0, strays: 0, completed: 0, expected, sendingDone: false, done }, heard };
}

async function untilHeard(heard: Promise<void>, lastSent: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([heard, new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, lastSent + waitMs - performance.now()))))]);
  clearTimeout(timer);
}

async function measure(target: string) {
  console.log(`\n▶ ${target}`);
  const { server, cleanUp } = await startOn(target, { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  const sockets: Socket[] = [];
  try {
    const session = await login(server.baseUrl, admin);
    const setupStart = performance.now();
    const queues: number[] = [];
    const inbound: PostInbound[] = [];
    for (let q = 0; q < queuesCount; q++) {
      const color = `#${(0x102030 + q * 0x0a0b0c).toString(16).slice(-6).toUpperCase()}`;
      const queue = await session.post<{ id: number }>("/api/queue", { name: `Bench queue ${q}`, color, greetingMessage: "" });
      queues.push(queue.id);
      inbound.push(await apiConnection(session, `Bench line ${q}`, { type: "queue", id: queue.id }));
    }
    // Attendant i works in queue i mod queuesCount.
    const members: number[][] = queues.map(() => []);
    const attendants: AdminSession[] = [];
    await pool(usersCount, setupConcurrency, async (i) => {
      const email = `socket-user-${i}@atendo.local`;
      await session.post("/api/users", { name: `Attendant ${i}`, email, password, profile: "user", queueIds: [queues[i % queuesCount]] });
      attendants[i] = await login(server.baseUrl, { email, password }, loginAddressOf(i + 1));
    });
    for (let i = 0; i < usersCount; i++) members[i % queuesCount]!.push(i);

    const tracked = new Map<string, Tracked>();
    let current: Phase | undefined;
    const rssBefore = residentBytes(server.pid);
    await pool(usersCount, setupConcurrency, async (i) => {
      const socket = await adminSocket(attendants[i]!);
      sockets[i] = socket;
      listenAs(socket, i, tracked, () => current);
    });
    const rssAfter = residentBytes(server.pid);
    const setupSeconds = Math.round((performance.now() - setupStart) / 100) / 10;
    console.log(`${usersCount} attendants in ${queuesCount} queues, ${sockets.length} sockets (set up in ${setupSeconds} s)`);

    // Warm-up: one second at the rate (the customers' tickets are created here), not counted.
    const warm = newPhase(rate);
    current = warm.phase;
    const warmRun = await writeAtRate("warmup", rate, inbound, members, tracked, warm.phase);
    await untilHeard(warm.heard, warmRun.lastSent);
    tracked.clear();

    const total = rate * seconds;
    const run = newPhase(total);
    current = run.phase;
    const loads: number[] = [loadavg()[0]!];
    const loadTimer = setInterval(() => loads.push(loadavg()[0]!), 2_000);
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const cpuBefore = cpuSeconds(server.pid);
    const sent = await writeAtRate("live", total, inbound, members, tracked, run.phase);
    await untilHeard(run.heard, sent.lastSent);
    const cpuAfter = cpuSeconds(server.pid);
    loopDelay.disable();
    clearInterval(loadTimer);
    loads.push(loadavg()[0]!);

    const perMessage = (cpu: number) => Math.round((cpu * 1000 * 100) / total) / 100;
    const { phase } = run;
    const fanOut = summarise(phase.fanOut);
    const deliveries = summarise(phase.deliveries);
    const post = summarise(phase.posts);
    const result = {
      database: target,
      when: new Date().toISOString(),
      machine: { cpus: cpus().length, loadAverage1m: { min: Math.min(...loads), max: Math.max(...loads) } },
      setup: { attendants: usersCount, queues: queuesCount, socketsPerQueue: usersCount / queuesCount, customersPerQueue, seconds: setupSeconds },
      rate,
      seconds,
      messages: total,
      achievedRate: Math.round(total / sent.offeredSeconds),
      answeredRate: Math.round(total / sent.answeredSeconds),
      lateSends: sent.lateSends,
      failedPosts: phase.failedPosts,
      completed: phase.completed,
      timedOut: phase.expected - phase.completed,
      deliveriesExpected: total * (usersCount / queuesCount),
      strays: phase.strays,
      unit: "ms",
      fanOut,
      deliveries,
      post,
      targetP99Ms,
      targetMet: fanOut.p99 <= targetP99Ms && phase.completed === total,
      serverMemoryPerSocketKiB: rssBefore && rssAfter ? Math.round((rssAfter - rssBefore) / 1024 / usersCount) : null,
      serverRssMiB: rssAfter ? Math.round(rssAfter / 1024 / 1024) : null,
      serverCpuMsPerMessage: cpuBefore && cpuAfter ? { node: perMessage(cpuAfter.own - cpuBefore.own), postgres: perMessage(cpuAfter.descendants - cpuBefore.descendants) } : null,
      /** The bench's own event loop: a high figure means the clients, not the server, set the latency. */
      benchEventLoopDelayP99: Math.round(loopDelay.percentile(99) / 1e4) / 100,
      benchEventLoopDelayMax: Math.round(loopDelay.max / 1e4) / 100,
    };
    const row = ({ count, p50, p95, p99, max }: LatencySummary) => ({ count, p50, p95, p99, max });
    console.table({ "fan-out (every attendant of the queue heard it)": row(fanOut), "each delivery": row(deliveries), "inbound POST": row(post) });
    console.log(
      `completed ${result.completed}/${total}, timed out ${result.timedOut}, strays ${result.strays}, answered ${result.answeredRate} msgs/s, ` +
        `server ${result.serverRssMiB} MiB (${result.serverMemoryPerSocketKiB} KiB per socket), CPU per message ${JSON.stringify(result.serverCpuMsPerMessage)} ms, ` +
        `bench event loop p99 ${result.benchEventLoopDelayP99} ms (max ${result.benchEventLoopDelayMax}), load ${result.machine.loadAverage1m.min}–${result.machine.loadAverage1m.max}`,
    );
    return result;
  } finally {
    for (const socket of sockets) socket?.close();
    await cleanUp();
  }
}

const results = [];
for (const target of databases) results.push(await measure(target));
writeResult("sockets", results);
