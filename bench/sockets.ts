// Live attendants (issues 18 and 35): BENCH_SOCKET_USERS attendants (2,000; "2000,5000,10000" runs
// each count in turn, fresh servers each), BENCH_SOCKET_PER_QUEUE (100) to a queue (or
// BENCH_SOCKET_QUEUES queues), each signed in with one socket.io client as the web app connects
// (joinNotification in the handshake); then customers write through one API connection per queue at
// BENCH_SOCKET_RATE msgs/s (200) for BENCH_SOCKET_SECONDS (10), each message from one of
// BENCH_SOCKET_CUSTOMERS customers per queue (30), whose waiting tickets were created before the
// sockets connected. For every message: from just before its inbound POST to its `appMessage`
// create reaching every attendant of its queue (fan-out completion), and each delivery on its own.
// The clients live in BENCH_SOCKET_PROCESSES child processes (4), so that no single client event
// loop sets the tail; BENCH_SOCKET_CLIENT=raw swaps socket.io-client for a client of the same
// protocol that does not parse every frame (support/raw-socket-client.ts). BENCH_SOCKET_INSTANCES
// (1; "1,2" runs both) Atendo processes share the load: with 2, on the PostgreSQL server and the
// Redis adapter, attendant i connects to instance i mod 2 and message i is posted to instance i mod
// 2. On the PostgreSQL server the attendants and their sessions are written straight into the
// database (support/bulk-attendants.ts: 10,000 sign-ins through the API would take longer than the
// run); on the embedded one they are created and signed in through the API. Also: the server's
// memory per 1,000 sockets, CPU per message and per delivered event (node, PostgreSQL, Redis), the
// event-loop delay of the servers (a bench-only preload, support/event-loop-probe.mjs) and of the
// client processes, and which resource is nearest its ceiling (support/saturation.ts): the next
// limit. Target (issue 35): p99 inbound → every entitled socket ≤ 150 ms (issue 18's was 100 ms at
// 200 msgs/s). `npm run bench:sockets`, on each database of BENCH_DATABASES (default "embedded");
// BENCH_SOCKET_CPU_PROF=<folder> writes each server's CPU profile of the measured phase there
// (<pid>-4.cpuprofile).
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { insertAttendants } from "./support/bulk-attendants.js";
import { benchDatabases } from "./support/databases.js";
import { ensureOpenFiles } from "./support/file-descriptors.js";
import { backendCpuSince, startInstances, type Instances } from "./support/instances.js";
import { assertSignInsFit, atRate, loginAddressOf } from "./support/pacing.js";
import { cpuSeconds } from "./support/process-cpu.js";
import { probeEnv, readLoopDelay, removeProbeFile, type LoopDelay } from "./support/server-loop-delay.js";
import { machineCoresBusy, machineTicks, rankLoads, redisCpuSeconds, type Load } from "./support/saturation.js";
import { apiConnection, login, pool, timed, type AdminSession, type PostInbound } from "./support/server-api.js";
import { absoluteNow, SocketClients, type ClientKind, type HeardMessage, type WorkerClient } from "./support/socket-clients.js";
import { summarise, writeResult, type LatencySummary } from "./support/stats.js";

const databases = benchDatabases("embedded");
const instanceCounts = (process.env.BENCH_SOCKET_INSTANCES ?? "1").split(",").map(Number);
const usersCounts = (process.env.BENCH_SOCKET_USERS ?? "2000").split(",").map(Number);
const perQueue = Number(process.env.BENCH_SOCKET_PER_QUEUE ?? 100);
/** A queue holds `perQueue` attendants whatever their count, so each message reaches as many sockets at every step. */
const queuesFor = (users: number) => Number(process.env.BENCH_SOCKET_QUEUES ?? Math.max(1, Math.round(users / perQueue)));
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
/** Sockets connecting at once: each costs the server one authentication query. */
const connectConcurrency = 64;
const targetP99Ms = 150;
const password = "bench-password";
const admin = { email: "bench@atendo.local", password };
/** Besides the sockets, what an Atendo process holds open: its database pool, the inbound connections, files. */
const serverDescriptors = 1_024;

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
  /** Why POSTs failed (the error's text, first 120 characters) and how often: a failure is to be explained, not only counted. */
  failureReasons: Record<string, number>;
  completed: number;
  expected: number;
  sendingDone: boolean;
  done: () => void;
  heard: Promise<void>;
}

function newPhase(expected: number): Phase {
  let done = () => {};
  const heard = new Promise<void>((resolve) => (done = resolve));
  return { tracked: new Map(), fanOut: [], deliveries: [], posts: [], failedPosts: 0, failureReasons: {}, completed: 0, expected, sendingDone: false, done, heard };
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

/** Where customers write: each queue's inbound API connection, over the instances. */
interface Lines {
  queues: number;
  inbound: PostInbound[];
  bases: string[];
}

/**
 * Customers write at `rate` msgs/s (not waiting for answers), round-robin over the queues and the
 * instances; a message of queue q is complete once `processesOf(q)` client processes reported it.
 */
async function writeAtRate(label: string, count: number, lines: Lines, processesOf: (queue: number) => number, phase: Phase) {
  const paced = await atRate(count, rate, (i) => {
    const queue = i % lines.queues;
    const customer = Math.floor(i / lines.queues) % customersPerQueue;
    const body = `${label}-${queue}-${i}`;
    const message: Tracked = { sentAt: absoluteNow(), processesLeft: processesOf(queue), lastAt: 0 };
    phase.tracked.set(body, message);
    const number = `5599${String(queue).padStart(3, "0")}${String(customer).padStart(5, "0")}`;
    const base = lines.bases[i % lines.bases.length];
    return timed(phase.posts, () => lines.inbound[queue]!({ externalId: body, number, name: `Customer ${queue}-${customer}`, body }, base)).then(
      () => void (message.answeredAt = absoluteNow()),
      (error: unknown) => {
        phase.failedPosts++;
        const reason = String(error).replace(/http\S+: /, "").slice(0, 120);
        phase.failureReasons[reason] = (phase.failureReasons[reason] ?? 0) + 1;
        // Heard by every attendant before its POST gave up (a server far behind answers late): delivered.
        if (message.processesLeft === 0) return;
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

/**
 * The attendants, attendant i in queue i mod queues and on instance i mod instances: written into
 * the database when the instances share one on the PostgreSQL server, else created and signed in
 * through the API (from 127.0.0.x, 250 sign-ins per address, as the throttle allows).
 */
async function createAttendants(instances: Instances, session: AdminSession, jwtSecret: string, users: number, queueIds: number[]): Promise<WorkerClient[]> {
  const bases = instances.servers.map((server) => server.baseUrl);
  const emailOf = (i: number) => `socket-user-${i}@atendo.local`;
  const layout = (i: number, token: string): WorkerClient => ({ user: i, queue: i % queueIds.length, token, base: bases[i % bases.length]! });
  if (instances.databaseUrl) {
    const rows = Array.from({ length: users }, (_, i) => ({ email: emailOf(i), queueId: queueIds[i % queueIds.length]! }));
    const tokens = await insertAttendants(instances.databaseUrl, jwtSecret, admin.email, rows);
    return tokens.map((token, i) => layout(i, token));
  }
  assertSignInsFit(users + 1, "BENCH_SOCKET_USERS");
  const attendants: WorkerClient[] = [];
  await pool(users, setupConcurrency, async (i) => {
    await session.post("/api/users", { name: `Attendant ${i}`, email: emailOf(i), password, profile: "user", queueIds: [queueIds[i % queueIds.length]] });
    const { token } = await login(bases[i % bases.length]!, { email: emailOf(i), password }, loginAddressOf(i + 1));
    attendants[i] = layout(i, token);
  });
  return attendants;
}

/** Queues with one inbound API connection each. */
async function createLines(session: AdminSession, queues: number, bases: string[]): Promise<Lines & { queueIds: number[] }> {
  const queueIds: number[] = [];
  const inbound: PostInbound[] = [];
  for (let q = 0; q < queues; q++) {
    const color = `#${(0x102030 + q * 0x0a0b0c).toString(16).slice(-6).toUpperCase()}`;
    const queue = await session.post<{ id: number }>("/api/queue", { name: `Bench queue ${q}`, color, greetingMessage: "" });
    queueIds.push(queue.id);
    inbound.push(await apiConnection(session, `Bench line ${q}`, { type: "queue", id: queue.id }));
  }
  return { queues, inbound, bases, queueIds };
}

async function untilHeard(heard: Promise<void>, lastSent: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([heard, new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, lastSent + waitMs - performance.now()))))]);
  clearTimeout(timer);
}

async function measure(target: string, instanceCount: number, usersCount: number) {
  const queuesCount = queuesFor(usersCount);
  console.log(`\n▶ ${target}, ${instanceCount} instance(s), ${usersCount} attendants, ${rate} msgs/s, ${clientKind} clients in ${clientProcesses} processes`);
  // The bench signs the attendants' access tokens itself when it writes them into the database.
  const jwtSecret = randomBytes(32).toString("base64url");
  const envs = Array.from({ length: instanceCount }, (_, i) => {
    const env: Record<string, string> = { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, JWT_SECRET: jwtSecret, ...probeEnv(`${target}-${instanceCount}-${usersCount}-${i}`) };
    // A CPU profile of each server between the probe's readings (before and after the sockets connect,
    // around the measured phase): <pid>-4.cpuprofile is the measured phase.
    if (cpuProfileDir) env.BENCH_CPU_PROFILE_DIR = cpuProfileDir;
    return env;
  });
  const instances = await startInstances(target, instanceCount, (i) => envs[i]!);
  const { servers, backendCpuSeconds, cleanUp } = instances;
  const bases = servers.map((server) => server.baseUrl);
  let clients: SocketClients | undefined;
  try {
    const socketsOn = servers.map((_, s) => Math.ceil((usersCount - s) / instanceCount));
    const descriptors = servers.map((server, s) => ensureOpenFiles(server.pid, socketsOn[s]! + serverDescriptors, `Atendo instance ${s}`).soft);
    const session = await login(bases[0]!, admin);
    const setupStart = performance.now();
    const lines = await createLines(session, queuesCount, bases);
    const attendants = await createAttendants(instances, session, jwtSecret, usersCount, lines.queueIds);
    const usersSeconds = Math.round((performance.now() - setupStart) / 100) / 10;

    // Every customer writes once before the sockets connect: their tickets exist, so the measured
    // messages land in waiting tickets, as most of a call centre's do (a new ticket's `ticket`
    // event would double its message's frames, and each new contact's event goes to every socket).
    const customers = newPhase(queuesCount * customersPerQueue);
    await writeAtRate("customers", queuesCount * customersPerQueue, lines, () => 0, customers);
    if (customers.failedPosts) throw new Error(`${customers.failedPosts} customers' first messages failed`);

    // The resident set after a full collection (the probe's), else as it stands (/proc); and the
    // live memory then. The resident set also keeps pages freed but not returned to the system.
    const memoryOf = async () =>
      Promise.all(
        servers.map(async (server, i) => {
          const reading = await readLoopDelay(server.pid, envs[i]!);
          return { rss: reading.rssAfterGc ?? residentBytes(server.pid) ?? 0, live: reading.liveAfterGc ?? 0 };
        }),
      );
    const memoryBefore = await memoryOf();
    const rssBefore = memoryBefore.map((m) => m.rss);
    const connectStart = performance.now();
    clients = await SocketClients.connect(clientKind, bases[0]!, attendants, clientProcesses, connectConcurrency);
    const connectSeconds = Math.round((performance.now() - connectStart) / 100) / 10;
    const memoryAfter = await memoryOf();
    const rssAfter = memoryAfter.map((m) => m.rss);
    const setupSeconds = Math.round((performance.now() - setupStart) / 100) / 10;
    console.log(
      `${usersCount} attendants in ${queuesCount} queues (created in ${usersSeconds} s, ${instances.databaseUrl ? "in the database" : "through the API"}), ` +
        `connected over ${clientProcesses} client processes in ${connectSeconds} s (set up in ${setupSeconds} s)`,
    );

    // Warm-up, not counted: one second at the rate, every attendant connected.
    const warm = newPhase(rate);
    await clients.start("warmup", (heard) => onHeard(warm, heard));
    const warmRun = await writeAtRate("warmup", rate, lines, (queue) => clients!.processesOf(queue), warm);
    await untilHeard(warm.heard, warmRun.lastSent);
    await clients.stop();

    const total = rate * seconds;
    const run = newPhase(total);
    const loads: number[] = [loadavg()[0]!];
    const loadTimer = setInterval(() => loads.push(loadavg()[0]!), 2_000);
    await Promise.all(servers.map((server, i) => readLoopDelay(server.pid, envs[i]!)));
    await clients.start("live", (heard) => onHeard(run, heard));
    const phaseStart = performance.now();
    const machineBefore = machineTicks();
    const redisBefore = await redisCpuSeconds(instances.redisUrl);
    const cpuBefore = servers.map((server) => cpuSeconds(server.pid));
    const backendBefore = await backendCpuSeconds();
    const clientCpuBefore = clients.pids.map((pid) => cpuSeconds(pid)?.own ?? 0);
    const sent = await writeAtRate("live", total, lines, (queue) => clients!.processesOf(queue), run);
    await untilHeard(run.heard, sent.lastSent);
    const cpuAfter = servers.map((server) => cpuSeconds(server.pid));
    const backendAfter = await backendCpuSeconds();
    const clientCpu = clients.pids.map((pid, i) => (cpuSeconds(pid)?.own ?? 0) - clientCpuBefore[i]!);
    const redisAfter = await redisCpuSeconds(instances.redisUrl);
    const machineAfter = machineTicks();
    const phaseSeconds = (performance.now() - phaseStart) / 1000;
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
    const delivered = run.deliveries.length;
    /** CPU per delivered event (an `appMessage` frame heard by an entitled socket), µs. */
    const perDelivery = (cpu: number) => Math.round((cpu * 1e6 * 10) / Math.max(1, delivered)) / 10;
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const nodeCpuEach = cpuAfter.map((after, i) => (after?.own ?? 0) - (cpuBefore[i]?.own ?? 0));
    const nodeCpu = sum(nodeCpuEach);
    const embeddedCpu = sum(cpuAfter.map((after, i) => (after?.descendants ?? 0) - (cpuBefore[i]?.descendants ?? 0)));
    const postgresCpu = backendBefore && backendAfter ? backendCpuSince(backendBefore, backendAfter) : embeddedCpu;
    const redisCpu = redisBefore !== undefined && redisAfter !== undefined ? redisAfter - redisBefore : undefined;
    const fanOut = summarise(run.fanOut);
    const deliveries = summarise(run.deliveries);
    const post = summarise(run.posts);
    // The socket side alone: from the POST's answer (the message was announced just before it) to
    // the last attendant hearing it; a server that falls behind delays both alike.
    const sinceAnswer = summarise([...run.tracked.values()].filter((m) => m.processesLeft === 0 && m.answeredAt).map((m) => m.lastAt - m.answeredAt!));
    const memoryGrowth = sum(rssAfter.map((after, i) => after - rssBefore[i]!));
    const cores = (cpu: number) => cpu / phaseSeconds;
    const machineCores = cpus().length;
    const limits = rankLoads([
      ...servers.map((_, i): Load => ({ name: `Atendo instance ${i} (node)`, cores: cores(nodeCpuEach[i]!), ceiling: 1, loopP99: serverLoops[i]!.p99 })),
      ...clientCpu.map((cpu, i): Load => ({ name: `client process ${i}`, cores: cores(cpu), ceiling: 1, loopP99: round2(report.loopDelays[i]!.p99) })),
      { name: "PostgreSQL (this database's backends)", cores: cores(postgresCpu), ceiling: machineCores },
      ...(redisCpu === undefined ? [] : [{ name: "Redis (the whole server, anyone's traffic)", cores: cores(redisCpu), ceiling: 1 }]),
      { name: "the machine (every process, everyone's)", cores: machineCoresBusy(machineBefore, machineAfter), ceiling: machineCores },
    ]);
    const result = {
      database: target,
      instances: instanceCount,
      clientProcesses,
      client: clientKind,
      when: new Date().toISOString(),
      machine: { cpus: machineCores, loadAverage1m: { min: Math.min(...loads), max: Math.max(...loads) } },
      setup: {
        attendants: usersCount,
        queues: queuesCount,
        socketsPerQueue: usersCount / queuesCount,
        socketsPerInstance: socketsOn,
        customersPerQueue,
        attendantsCreated: instances.databaseUrl ? "database" : "api",
        attendantsSeconds: usersSeconds,
        connectSeconds,
        seconds: setupSeconds,
        /** Each instance's soft open-files limit during the run (raised with prlimit where needed). */
        openFilesLimit: descriptors,
      },
      rate,
      seconds,
      messages: total,
      achievedRate: Math.round(total / sent.offeredSeconds),
      answeredRate: Math.round(total / sent.answeredSeconds),
      lateSends: sent.lateSends,
      failedPosts: run.failedPosts,
      failureReasons: run.failureReasons,
      completed: run.completed,
      timedOut: run.expected - run.completed,
      deliveriesExpected: total * (usersCount / queuesCount),
      delivered,
      deliveredPerSecond: Math.round(delivered / phaseSeconds),
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
      /** Each instance's resident-set growth while its sockets connected, per 1,000 of them. */
      serverMiBPer1000Sockets: rssAfter.map((after, i) => round2((after - rssBefore[i]!) / 1024 / 1024 / (socketsOn[i]! / 1000))),
      /** The live memory's growth (V8 heap in use + buffers, after a full collection), per 1,000 sockets: steadier than the resident set. */
      serverLiveMiBPer1000Sockets: memoryAfter.map((after, i) => round2((after.live - memoryBefore[i]!.live) / 1024 / 1024 / (socketsOn[i]! / 1000))),
      serverRssMiB: rssAfter.map((rss) => Math.round(rss / 1024 / 1024)),
      /** node: the Atendo processes; postgres: their embedded server, or the backends of the bench database on the PostgreSQL server. */
      serverCpuMsPerMessage: { node: perMessage(nodeCpu), postgres: perMessage(postgresCpu), ...(redisCpu === undefined ? {} : { redis: perMessage(redisCpu) }) },
      serverCpuUsPerDelivery: { node: perDelivery(nodeCpu), postgres: perDelivery(postgresCpu), ...(redisCpu === undefined ? {} : { redis: perDelivery(redisCpu) }) },
      /** The client processes together: on this machine they take CPU the server would otherwise have. */
      clientCpuMsPerMessage: perMessage(sum(clientCpu)),
      clientCpuUsPerDelivery: perDelivery(sum(clientCpu)),
      /** Each Atendo process's event loop during the measured phase. */
      serverEventLoopDelay: serverLoops.map(({ p50, p99, max }) => ({ p50, p99, max })),
      /** The client processes' event loops: a high figure means the clients, not the server, set the latency. */
      clientEventLoopDelay: report.loopDelays.map(({ p99, max }) => ({ p99: round2(p99), max: round2(max) })),
      /** Cores each component used during the measured phase against its ceiling, nearest first: the first is the next limit. */
      limits,
    };
    const row = ({ count, p50, p95, p99, max }: LatencySummary) => ({ count, p50, p95, p99, max });
    console.table({ "fan-out (every attendant of the queue heard it)": row(fanOut), "each delivery": row(deliveries), "inbound POST": row(post), "from the POST's answer to the last attendant": row(sinceAnswer) });
    console.table(Object.fromEntries(limits.map(({ name, cores: used, ceiling, share, loopP99 }) => [name, { cores: used, ceiling, share, "loop p99 (ms)": loopP99 ?? "" }])));
    const loops = (delays: { p99: number; max: number }[]) => delays.map(({ p99, max }) => `${round2(p99)}/${round2(max)}`).join(", ");
    console.log(
      `completed ${result.completed}/${total}, failed POSTs ${result.failedPosts}${result.failedPosts ? ` (${JSON.stringify(result.failureReasons)})` : ""}, timed out ${result.timedOut}, strays ${result.strays}, events per message ${JSON.stringify(result.eventsPerMessage)}, answered ${result.answeredRate} msgs/s, ` +
        `${result.deliveredPerSecond} deliveries/s, server RSS ${result.serverRssMiB.join(" + ")} MiB (${result.serverMiBPer1000Sockets.join(" and ")} MiB per 1,000 sockets; live ${result.serverLiveMiBPer1000Sockets.join(" and ")}), ` +
        `CPU per message ${JSON.stringify(result.serverCpuMsPerMessage)} ms, per delivery ${JSON.stringify(result.serverCpuUsPerDelivery)} µs (clients ${result.clientCpuMsPerMessage} ms, ${result.clientCpuUsPerDelivery} µs), ` +
        `server event loop p99/max ${loops(result.serverEventLoopDelay)} ms, client processes' ${loops(result.clientEventLoopDelay)} ms, ` +
        `load ${result.machine.loadAverage1m.min}–${result.machine.loadAverage1m.max}; nearest its ceiling: ${limits[0]!.name} (${limits[0]!.cores} of ${limits[0]!.ceiling} cores)`,
    );
    return result;
  } finally {
    await clients?.close();
    await cleanUp();
    for (const env of envs) removeProbeFile(env);
  }
}

// One file per instance count, attendants, client and rate (bench/results/sockets.json,
// sockets-2-instances-raw-500-per-second-10000-users.json…), each with every database.
for (const instances of instanceCounts) {
  for (const users of usersCounts) {
    const results = [];
    for (const target of databases) results.push(await measure(target, instances, users));
    const name = ["sockets", instances === 1 ? "" : `-${instances}-instances`, clientKind === "raw" ? "-raw" : "", rate === 200 ? "" : `-${rate}-per-second`, users === 2_000 ? "" : `-${users}-users`];
    writeResult(name.join(""), results);
  }
}
