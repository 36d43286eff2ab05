// An hour of soak (issue 35): one Atendo process (embedded PostgreSQL) under a realistic mix for
// `--minutes` (default 10; `npm run bench:soak -- --minutes 60` for the hour), after a warm-up
// (`--warmup-seconds`, 60): customers writing at 100 msgs/s over 2,000 numbers through the API
// channel, 200 attendants in 10 queues with a socket each (40 of them accept, answer and close
// tickets), customers walking a two-level menu, internal chat, report downloads, a paced campaign,
// and 10 attendants whose socket drops and reconnects every minute. Every `--interval-seconds`
// (300) one row (`--scale 0.1` runs a tenth of every rate, for a machine that cannot carry the whole): p99 of each path, the server's RSS, heap, open files, outbox backlog, database
// sessions, WAL written and table sizes. At the end the verdict (support/soak-verdict.ts): no
// upward trend of memory, handles or latency, and nothing lost (every acknowledged inbound stored
// once, every accepted reply POSTed once to its webhook). Writes bench/results/soak.json.
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { cpuSeconds } from "./support/process-cpu.js";
import { grownTables, ServerProbe, type ServerReading } from "./support/soak-probes.js";
import { Load, paths, type Path, type Rates } from "./support/soak-load.js";
import { call, install, metricsToken } from "./support/soak-setup.js";
import { checkTrendRule, trendOf, trendRules, type Trend } from "./support/soak-verdict.js";
import { SocketClients, type HeardMessage } from "./support/socket-clients.js";
import { summarise, writeResult } from "./support/stats.js";

const { values: args } = parseArgs({
  options: { minutes: { type: "string", default: "10" }, "interval-seconds": { type: "string", default: "300" }, "warmup-seconds": { type: "string", default: "60" }, scale: { type: "string", default: "1" } },
});
const minutes = Number(args.minutes);
const intervalSeconds = Number(args["interval-seconds"]);
const warmupSeconds = Number(args["warmup-seconds"]);
const intervals = Math.max(1, Math.round((minutes * 60) / intervalSeconds));
const shape = { queues: 10, attendants: 200, campaignPerMinute: 60, minutes: minutes + warmupSeconds / 60 };

/** `--scale` multiplies every rate of the mix (0.1: a tenth of the traffic from the same team), for a machine that cannot carry the whole. */
const scale = Number(args.scale);
const rates: Rates = {
  inboundPerSecond: 100 * scale,
  customers: 2_000,
  responders: 40,
  replyEverySeconds: 4 / scale,
  closeShare: 0.2,
  menuWalkEverySeconds: 2 / scale,
  menuCustomers: 300,
  chatPerSecond: 5 * scale,
  reportEverySeconds: 30,
  reconnecting: 10,
};
if (rates.responders % shape.queues !== 0) throw new Error("responders: a multiple of the queues");
/** A p99 over fewer samples says nothing: left out of the row and of the trend. */
const minSamples = 5;
/** How long after the load stops the replies' webhooks may take to arrive. */
const drainMs = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n: number) => Math.round(n * 10) / 10;

interface Row {
  interval: number;
  endMinute: number;
  loadAverage1m: number;
  p99: Record<Path, number | null>;
  counts: Record<Path, number>;
  errors: Partial<Record<Path, number>>;
  server: ServerReading;
  walMb: number;
  /** CPU over the interval, % of one core: the server's node process, its embedded PostgreSQL, the bench (its process and socket clients). */
  cpuPercent: { node: number; postgres: number; bench: number };
  /** Frames the 190 client sockets heard, per second, by event: what the server's fan-out costs. */
  socketEventsPerSecond: Record<string, number>;
}

checkTrendRule();
console.log(`soak: scale ${scale}, ${minutes} min in ${intervals} interval(s) of ${intervalSeconds} s after ${warmupSeconds} s of warm-up; ${cpus().length} cpus, load ${loadavg().map((n) => n.toFixed(2)).join(" ")}`);
const setup = await install(shape);
const reconnecting = new Set(setup.attendants.slice(-rates.reconnecting).map((a) => a.index));
const clients = await SocketClients.connect(
  "socket-io",
  setup.server.baseUrl,
  setup.attendants.filter((a) => !reconnecting.has(a.index)).map((a) => ({ user: a.index, queue: a.queue, token: a.session.token })),
  2,
  16,
);
const probe = await ServerProbe.open(setup.server.pid, setup.server.baseUrl, metricsToken, setup.databaseUrl);
console.log(`installed: ${setup.attendants.length} attendants, ${setup.chats.length} chats, campaign ${setup.campaignId}; server pid ${setup.server.pid}`);

const load = new Load(setup, rates);
let deliveries: number[] = [];
const onHeard = ({ body, times }: HeardMessage) => {
  const sentAt = load.sentAt.get(body);
  if (sentAt !== undefined) for (const at of times) deliveries.push(at - sentAt);
};
/** Ends the socket clients' phase and starts the next label: the deliveries heard under the last one, and every event the sockets heard, by name. */
async function rotate(next: string): Promise<{ delivered: number[]; events: Record<string, number> }> {
  const report = await clients.stop();
  for (const heard of report.partial) onHeard(heard);
  const delivered = deliveries;
  deliveries = [];
  load.label = next;
  load.sentAt = new Map();
  await clients.start(next, onHeard);
  return { delivered, events: report.events };
}

// What the webhook receiver heard, by message id (replies) and by recipient (the campaign), drained as it comes so an hour stays small.
const replyPosts = new Map<number, number>();
const campaignByNumber = new Map<string, Set<number>>();
function drainReceiver(): void {
  for (const { payload } of setup.receiver.received.splice(0)) {
    if (payload.event !== "message") continue;
    if (payload.to.number.startsWith("5595")) campaignByNumber.set(payload.to.number, (campaignByNumber.get(payload.to.number) ?? new Set()).add(payload.messageId));
    else replyPosts.set(payload.messageId, (replyPosts.get(payload.messageId) ?? 0) + 1);
  }
}

const rows: Row[] = [];
try {
  await clients.start(load.label, onHeard);
  await setup.admin.post(`/api/campaigns/${setup.campaignId}/start`, {});
  console.log(`first message of each of ${rates.customers} customers: ${round(await load.prime())} s`);
  load.start();
  await sleep(warmupSeconds * 1000);
  await rotate("s1");
  load.recorder.take();
  let previous = await probe.read();
  let cpuBefore = cpuNow();
  const t0 = performance.now();
  for (let i = 1; i <= intervals; i++) {
    await sleep(Math.max(0, t0 + i * intervalSeconds * 1000 - performance.now()));
    const { delivered, events } = await rotate(`s${i + 1}`);
    const { samples, errors } = load.recorder.take();
    samples.set("delivery", delivered);
    drainReceiver();
    const server = await probe.read();
    const row: Row = {
      interval: i,
      endMinute: round((i * intervalSeconds) / 60),
      loadAverage1m: round(loadavg()[0]!),
      p99: Object.fromEntries(paths.map((path) => [path, samples.get(path)!.length >= minSamples ? summarise(samples.get(path)!).p99 : null])) as Row["p99"],
      counts: Object.fromEntries(paths.map((path) => [path, samples.get(path)!.length])) as Row["counts"],
      errors: Object.fromEntries(errors),
      server,
      walMb: await probe.walMbBetween(previous.walLsn, server.walLsn),
      cpuPercent: { node: 0, postgres: 0, bench: 0 },
      socketEventsPerSecond: Object.fromEntries(Object.entries(events).map(([name, n]) => [name, Math.round(n / intervalSeconds)])),
    };
    const cpuAfter = cpuNow();
    const percent = (seconds: number) => Math.round((seconds * 100) / intervalSeconds);
    row.cpuPercent = { node: percent(cpuAfter.node - cpuBefore.node), postgres: percent(cpuAfter.postgres - cpuBefore.postgres), bench: percent(cpuAfter.bench - cpuBefore.bench) };
    cpuBefore = cpuAfter;
    previous = server;
    rows.push(row);
    printRow(row);
  }
  await load.stop();
  await rotate("end");
  await clients.stop();
  const result = await verdict();
  writeResult("soak", result);
} finally {
  await clients.close();
  await probe.close();
  await setup.cleanUp();
}

/** CPU seconds so far (Linux /proc; zeros elsewhere). */
function cpuNow(): { node: number; postgres: number; bench: number } {
  const server = cpuSeconds(setup.server.pid);
  const own = process.cpuUsage();
  const workers = clients.pids.reduce((sum, pid) => sum + (cpuSeconds(pid)?.own ?? 0), 0);
  return { node: server?.own ?? 0, postgres: server?.descendants ?? 0, bench: (own.user + own.system) / 1e6 + workers };
}

function printRow(row: Row): void {
  const { server } = row;
  const errors = Object.entries(row.errors).map(([path, n]) => `${path} ${n}`).join(", ");
  const cpu = `CPU % of a core: node ${row.cpuPercent.node}, postgres ${row.cpuPercent.postgres}, bench ${row.cpuPercent.bench}`;
  console.log(`\ninterval ${row.interval} (to minute ${row.endMinute}), load ${row.loadAverage1m}, ${cpu}${errors ? `, errors: ${errors}` : ""}`);
  const frames = Object.entries(row.socketEventsPerSecond).sort(([, a], [, b]) => b - a).map(([name, n]) => `${name} ${n}`).join(", ");
  console.log(`socket frames/s heard by the clients: ${frames}`);
  console.table({
    "p99 ms": { ...row.p99 },
    samples: { ...row.counts },
  });
  console.table({
    server: {
      "RSS MB": server.rssMb,
      "heap MB": server.heapUsedMb,
      "external MB": server.externalMb,
      "open fds": server.openFds,
      "outbox pending": server.outboxPending,
      "db sessions": server.dbConnections,
      "WAL MB": row.walMb,
      ...Object.fromEntries(grownTables.map((table) => [`${table} MB`, server.tableMb[table]])),
    },
  });
}

async function verdict() {
  // (a) Trends over the intervals.
  const series: Record<string, { values: (number | null)[]; rule: (typeof trendRules)[keyof typeof trendRules] }> = {
    "RSS MB": { values: rows.map((r) => r.server.rssMb), rule: trendRules.memoryMb },
    "heap MB": { values: rows.map((r) => r.server.heapUsedMb), rule: trendRules.memoryMb },
    "external MB": { values: rows.map((r) => r.server.externalMb), rule: trendRules.memoryMb },
    "open fds": { values: rows.map((r) => r.server.openFds), rule: trendRules.handles },
    "outbox pending": { values: rows.map((r) => r.server.outboxPending), rule: trendRules.backlog },
    ...Object.fromEntries(paths.map((path) => [`${path} p99 ms`, { values: rows.map((r) => r.p99[path]), rule: trendRules.latencyMs }])),
  };
  const trends: Record<string, Trend> = {};
  for (const [name, { values, rule }] of Object.entries(series)) {
    const known = values.filter((v): v is number => v !== null);
    if (known.length === values.length) trends[name] = trendOf(known, rule);
  }
  const upward = Object.entries(trends).filter(([, trend]) => trend.upward).map(([name]) => name);

  // (b) Nothing lost: inbound in the database by the ids sent, replies at the webhook by message id.
  const acked = load.ledger.ackedInbound;
  const { rows: stored } = await probe.query<{ found: string; rows: string }>(
    "select count(distinct external_id)::text as found, count(*)::text as rows from messages where not from_me and external_id = any($1::text[])",
    [acked],
  );
  const inbound = { acknowledged: acked.length, stored: Number(stored[0]!.found), missing: acked.length - Number(stored[0]!.found), duplicated: Number(stored[0]!.rows) - Number(stored[0]!.found) };
  const accepted = load.ledger.acceptedReplies;
  const deadline = performance.now() + drainMs;
  for (drainReceiver(); [...accepted].some((id) => !replyPosts.has(id)) && performance.now() < deadline; drainReceiver()) await sleep(500);
  const replies = {
    accepted: accepted.size,
    delivered: [...accepted].filter((id) => replyPosts.has(id)).length,
    missing: [...accepted].filter((id) => !replyPosts.has(id)).length,
    duplicated: [...accepted].filter((id) => (replyPosts.get(id) ?? 0) > 1).length,
  };
  const campaign = await call<{ status: string; total: number; counts: Record<string, number> }>(setup.admin, "GET", `/api/campaigns/${setup.campaignId}`);
  const campaignFigures = { status: campaign.status, total: campaign.total, counts: campaign.counts, reached: campaignByNumber.size, duplicateRecipients: [...campaignByNumber.values()].filter((ids) => ids.size > 1).length };
  const lost = inbound.missing + inbound.duplicated + replies.missing + replies.duplicated + campaignFigures.duplicateRecipients;
  const errors = rows.reduce<Record<string, number>>((sum, row) => {
    for (const [path, n] of Object.entries(row.errors)) sum[path] = (sum[path] ?? 0) + (n ?? 0);
    return sum;
  }, {});

  const pass = upward.length === 0 && lost === 0;
  console.log("\ntrends over the intervals (Theil–Sen slope per interval, its rise over the run, the tolerance)");
  console.table(Object.fromEntries(Object.entries(trends).map(([name, t]) => [name, { values: t.values.join(" → "), slope: t.slopePerInterval, rise: t.rise, tolerance: t.tolerance, upward: t.upward ? "YES" : "no" }])));
  console.log("nothing lost");
  console.table({ inbound, replies, campaign: { reached: campaignFigures.reached, duplicateRecipients: campaignFigures.duplicateRecipients, status: campaign.status } });
  if (load.skippedInbound > 0) console.log(`⚠ ${load.skippedInbound} inbound POSTs not sent: too many unanswered`);
  if (Object.keys(errors).length > 0) console.log(`⚠ failed requests by path: ${JSON.stringify(errors)}; last: ${JSON.stringify(Object.fromEntries(load.recorder.lastError))}`);
  console.log(`\nverdict: ${pass ? "PASS" : "FAIL"}${upward.length ? ` (upward: ${upward.join(", ")})` : ""}${lost ? ` (${lost} lost or duplicated)` : ""}`);
  return {
    when: new Date().toISOString(),
    machine: { cpus: cpus().length, loadAverage1m: rows.map((r) => r.loadAverage1m) },
    options: { minutes, intervalSeconds, warmupSeconds, intervals, scale, shape, rates },
    rows,
    trends,
    loss: { inbound, replies, campaign: campaignFigures },
    errors,
    skippedInbound: load.skippedInbound,
    verdict: { pass, upward, lost },
  };
}
