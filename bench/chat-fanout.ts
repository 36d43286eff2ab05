// Internal chat fan-out (issue 14): BENCH_CHAT_USERS users (200), each in one group of
// BENCH_CHAT_GROUP_SIZE (10), plus BENCH_CHAT_DIRECT direct chats (100 random pairs), one socket.io
// client per user; then messages at BENCH_CHAT_RATE msgs/s (200) for BENCH_CHAT_SECONDS (10), each
// from a random participant of a random chat (80 % groups, 20 % direct). For every message: from
// just before its POST /api/chatmessages/{chatId} to its `appChatMessage` create reaching every
// other participant's socket (fan-out completion), and each of those deliveries on its own. The
// issue's target: fan-out p99 ≤ 50 ms at 200 msgs/s. `npm run bench:chat`, on each database of
// BENCH_DATABASES (default "embedded").
import { cpus, loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Socket } from "socket.io-client";
import { benchDatabases, startOn } from "./support/databases.js";
import { assertSignInsFit, atRate, loginAddressOf } from "./support/pacing.js";
import { adminSocket, login, pool, timed, type AdminSession } from "./support/server-api.js";
import { cpuSeconds } from "./support/process-cpu.js";
import { ratio, summarise, writeResult, type LatencySummary } from "./support/stats.js";

const databases = benchDatabases("embedded");
const usersCount = Number(process.env.BENCH_CHAT_USERS ?? 200);
const groupSize = Number(process.env.BENCH_CHAT_GROUP_SIZE ?? 10);
const directCount = Number(process.env.BENCH_CHAT_DIRECT ?? 100);
const rate = Number(process.env.BENCH_CHAT_RATE ?? 200);
const seconds = Number(process.env.BENCH_CHAT_SECONDS ?? 10);
const groupShare = 0.8;
/** A message not heard by every other participant this long after its POST counts as timed out. */
const waitMs = 10_000;
const setupConcurrency = 16;
const targetP99Ms = 50;
const password = "bench-password";
const admin = { email: "bench@atendo.local", password };
const adminEnv = { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };

assertSignInsFit(usersCount + 1, "BENCH_CHAT_USERS");

/** A seeded generator (Park–Miller), so that every run sends the same messages to the same chats. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 48_271) % 2_147_483_647) / 2_147_483_647;
}

interface BenchChat {
  id: number;
  /** Indexes into the users of the run. */
  participants: number[];
}

/** One message on its way: who still has to hear it. */
interface Tracked {
  sentAt: number;
  chat: BenchChat;
  sender: number;
  waiting: Set<number>;
  phase: Phase;
}

interface Phase {
  fanOut: number[];
  deliveries: number[];
  posts: number[];
  failedPosts: number;
  /** Events for a message heard twice by one participant, or by someone outside its chat. */
  duplicates: number;
  outsiders: number;
  /** Messages whose POST answered and that every other participant heard. */
  completed: number;
  expected: number;
  sendingDone: boolean;
  done: () => void;
}

function settled(phase: Phase): void {
  if (phase.sendingDone && phase.completed === phase.expected) phase.done();
}

interface BenchUser {
  id: number;
  session: AdminSession;
}

async function createUsers(session: AdminSession): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  await pool(usersCount, setupConcurrency, async (i) => {
    const email = `chat-user-${i}@atendo.local`;
    const { id } = await session.post<{ id: number }>("/api/users", { name: `Chat user ${i}`, email, password, profile: "user" });
    users[i] = { id, session: await login(session.base, { email, password }, loginAddressOf(i + 1)) };
  });
  return users;
}

/** Creates each chat through its first participant (POST /api/chats), `setupConcurrency` at once. */
async function createChats(users: BenchUser[], chats: { participants: number[]; chatName?: string }[]): Promise<BenchChat[]> {
  const created: BenchChat[] = [];
  await pool(chats.length, setupConcurrency, async (index) => {
    const { participants, chatName } = chats[index]!;
    const participantIds = participants.map((i) => users[i]!.id);
    const chat = await users[participants[0]!]!.session.post<{ id: number }>("/api/chats", { participantIds, chatName });
    created[index] = { id: chat.id, participants };
  });
  return created;
}

/** Every user in one group of `groupSize` (a remainder joins no group), and random distinct direct pairs. */
function chatPlan(random: () => number): { groups: { participants: number[]; chatName: string }[]; direct: { participants: number[] }[] } {
  const groups = Array.from({ length: Math.floor(usersCount / groupSize) }, (_, g) => ({
    participants: Array.from({ length: groupSize }, (__, k) => g * groupSize + k),
    chatName: `Bench group ${g}`,
  }));
  const pairs = new Map<string, number[]>();
  const wanted = Math.min(directCount, (usersCount * (usersCount - 1)) / 2);
  while (pairs.size < wanted) {
    const a = Math.floor(random() * usersCount);
    const b = Math.floor(random() * usersCount);
    if (a !== b) pairs.set(`${Math.min(a, b)}:${Math.max(a, b)}`, [a, b]);
  }
  return { groups, direct: [...pairs.values()].map((participants) => ({ participants })) };
}

/** Hands each `appChatMessage` create a socket hears for a tracked message to its phase. */
function listenAs(socket: Socket, user: number, tracked: Map<string, Tracked>): void {
  socket.on("appChatMessage", (event: { action: string; message: { body: string } }) => {
    const now = performance.now();
    const message = event.action === "create" ? tracked.get(event.message.body) : undefined;
    if (!message || user === message.sender) return;
    const { phase } = message;
    if (!message.waiting.delete(user)) {
      if (message.chat.participants.includes(user)) phase.duplicates++;
      else phase.outsiders++;
      return;
    }
    phase.deliveries.push(now - message.sentAt);
    if (message.waiting.size > 0) return;
    phase.fanOut.push(now - message.sentAt);
    phase.completed++;
    settled(phase);
  });
}

/**
 * Sends `count` messages at `rate` msgs/s (one every 1000/rate ms, not waiting for answers), then
 * waits until every other participant heard each one, or `waitMs` after the last send.
 */
async function sendAtRate(
  label: string,
  count: number,
  users: BenchUser[],
  chats: { groups: BenchChat[]; direct: BenchChat[] },
  tracked: Map<string, Tracked>,
  random: () => number,
): Promise<{ phase: Phase; offeredSeconds: number; answeredSeconds: number; lateSends: number }> {
  let done = () => {};
  const allHeard = new Promise<void>((resolve) => (done = resolve));
  const phase: Phase = { fanOut: [], deliveries: [], posts: [], failedPosts: 0, duplicates: 0, outsiders: 0, completed: 0, expected: count, sendingDone: false, done };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const { offeredSeconds, answeredSeconds, lateSends, lastSent } = await atRate(count, rate, (i) => {
    const chat = random() < groupShare || chats.direct.length === 0 ? pick(chats.groups) : pick(chats.direct);
    const sender = pick(chat.participants);
    const body = `${label}-${i}`;
    const message: Tracked = { sentAt: performance.now(), chat, sender, waiting: new Set(chat.participants.filter((user) => user !== sender)), phase };
    tracked.set(body, message);
    return timed(phase.posts, () => users[sender]!.session.post(`/api/chatmessages/${chat.id}`, { body })).then(
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
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([allHeard, new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, lastSent + waitMs - performance.now()))))]);
  clearTimeout(timer);
  return { phase, offeredSeconds, answeredSeconds, lateSends };
}

interface FanOutResult {
  database: string;
  fanOut: LatencySummary;
  deliveries: LatencySummary;
  post: LatencySummary;
}

async function measure(target: string): Promise<FanOutResult> {
  console.log(`\n▶ ${target}`);
  const { server, cleanUp } = await startOn(target, adminEnv);
  const sockets: Socket[] = [];
  try {
    const session = await login(server.baseUrl, admin);
    const setupStart = performance.now();
    const users = await createUsers(session);
    const random = seeded(14);
    const plan = chatPlan(random);
    const chats = { groups: await createChats(users, plan.groups), direct: await createChats(users, plan.direct) };
    const tracked = new Map<string, Tracked>();
    await pool(users.length, setupConcurrency, async (i) => {
      const socket = await adminSocket(users[i]!.session);
      sockets[i] = socket;
      listenAs(socket, i, tracked);
    });
    const setupSeconds = Math.round((performance.now() - setupStart) / 100) / 10;
    console.log(`${users.length} users, ${chats.groups.length} groups of ${groupSize}, ${chats.direct.length} direct chats, ${sockets.length} sockets (set up in ${setupSeconds} s)`);

    // Warm-up: one second at the rate, not counted.
    await sendAtRate("warmup", rate, users, chats, tracked, random);
    tracked.clear();

    const loads: number[] = [loadavg()[0]!];
    const loadTimer = setInterval(() => loads.push(loadavg()[0]!), 2_000);
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const cpuBefore = cpuSeconds(server.pid);
    const total = rate * seconds;
    const { phase, offeredSeconds, answeredSeconds, lateSends } = await sendAtRate("fanout", total, users, chats, tracked, random);
    loopDelay.disable();
    const cpuAfter = cpuSeconds(server.pid);
    // Milliseconds of CPU per message sent: the server's node process, and its embedded PostgreSQL.
    const perMessage = (seconds: number) => Math.round((seconds * 1000 * 100) / total) / 100;
    const serverCpu = cpuBefore && cpuAfter && { node: perMessage(cpuAfter.own - cpuBefore.own), postgres: perMessage(cpuAfter.descendants - cpuBefore.descendants) };
    clearInterval(loadTimer);
    loads.push(loadavg()[0]!);

    const fanOut = summarise(phase.fanOut);
    const deliveries = summarise(phase.deliveries);
    const post = summarise(phase.posts);
    const expectedDeliveries = [...tracked.values()].reduce((sum, message) => sum + message.chat.participants.length - 1, 0);
    const result = {
      database: target,
      when: new Date().toISOString(),
      machine: { cpus: cpus().length, loadAverage1m: { min: Math.min(...loads), max: Math.max(...loads) } },
      setup: { users: users.length, groups: chats.groups.length, groupSize, directChats: chats.direct.length, sockets: sockets.length, seconds: setupSeconds },
      rate,
      seconds,
      messages: total,
      achievedRate: Math.round(total / offeredSeconds),
      /** Messages over the time from the first send to the last POST's answer: below the rate, the server fell behind. */
      answeredRate: Math.round(total / answeredSeconds),
      lateSends,
      failedPosts: phase.failedPosts,
      completed: phase.completed,
      timedOut: phase.expected - phase.completed,
      deliveriesExpected: expectedDeliveries,
      duplicates: phase.duplicates,
      outsiders: phase.outsiders,
      unit: "ms",
      fanOut,
      deliveries,
      post,
      fanOutP99OverPostP99: ratio(fanOut.p99, post.p99),
      targetP99Ms,
      /** Whether p99 ≤ 50 ms with every message heard; the target is only for a rate of 200 msgs/s or more. */
      targetMet: fanOut.p99 <= targetP99Ms && phase.completed === total,
      benchEventLoopDelayP99: Math.round(loopDelay.percentile(99) / 1e4) / 100,
      /** CPU ms per message while sending (Linux /proc; null elsewhere). `postgres`: the embedded server's processes (0 on `server`). */
      serverCpuMsPerMessage: serverCpu ?? null,
    };
    const row = ({ count, p50, p95, p99, max }: LatencySummary) => ({ count, p50, p95, p99, max });
    console.log(
      `\nchat fan-out at ${rate} msgs/s for ${seconds} s (sent at ${result.achievedRate} msgs/s, ${lateSends} late sends; answered at ${result.answeredRate} msgs/s; ` +
        `load average ${result.machine.loadAverage1m.min.toFixed(1)}–${result.machine.loadAverage1m.max.toFixed(1)} on ${result.machine.cpus} cpus), ms`,
    );
    console.table({ "fan-out completion": row(fanOut), "per delivery": row(deliveries), "POST round trip": row(post) });
    console.table({
      "messages completed / sent": `${phase.completed} / ${total}`,
      "deliveries heard / expected": `${phase.deliveries.length} / ${expectedDeliveries}`,
      "failed POSTs, timed out": `${phase.failedPosts}, ${result.timedOut}`,
      "duplicates, outsiders": `${phase.duplicates}, ${phase.outsiders}`,
      "fan-out p99 / POST p99": result.fanOutP99OverPostP99,
      [`target p99 ≤ ${targetP99Ms} ms at 200 msgs/s`]: `${result.targetMet ? "met" : "not met"}${rate < 200 ? ` (at ${rate} msgs/s only)` : ""}`,
      "bench process event-loop delay p99, ms": result.benchEventLoopDelayP99,
      "server CPU per message, ms (node, postgres)": serverCpu ? `${serverCpu.node}, ${serverCpu.postgres}` : "n/a",
    });
    writeResult(`chat-fanout-${target}`, result);
    return result;
  } finally {
    for (const socket of sockets) socket?.close();
    await cleanUp();
  }
}

for (const target of databases) await measure(target);
