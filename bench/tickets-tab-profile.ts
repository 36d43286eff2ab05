// Where a tab's Node CPU goes (issue 35): one Atendo server on the bench:tickets dataset (the
// embedded folder, BENCH_EMBEDDED_DIR, served for the run; or BENCH_AB_URL), CPU-profiled through
// event-loop-probe.mjs over N requests of one case, then the profile summarised: top functions by
// self time and by inclusive time (per request, in ms), and the server's CPU per request from /proc.
// `[BENCH_PROFILE_CASE=pending] [BENCH_PROFILE_ACTOR=attendant] npx tsx bench/tickets-tab-profile.ts [requests=1000] [out-dir]`
// (BENCH_PROFILE_TOP / BENCH_PROFILE_TOP_INCLUSIVE: how many functions each list shows).
import { mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { spawnServer } from "../packages/server/src/test/spawn-server.js";
import { cpuSeconds, userSystemSeconds } from "./support/process-cpu.js";
import { login } from "./support/server-api.js";
import { servedDataset } from "./support/dataset-server.js";
import { probeEnv, readLoopDelay, removeProbeFile } from "./support/server-loop-delay.js";
import { benchPassword } from "./tickets-dataset.js";
import { readFixtures } from "./tickets-fixtures.js";

const requests = Number(process.argv[2] ?? 1000);
const outDir = process.argv[3] ?? `/tmp/atendo-tab-profile-${process.pid}`;
mkdirSync(outDir, { recursive: true });
const status = process.env.BENCH_PROFILE_CASE ?? "pending";
const actor = process.env.BENCH_PROFILE_ACTOR ?? "attendant";
const query = actor === "admin" ? `status=${status}&showAll=true` : `status=${status}`;

/** The server run: profiled, then its profile summarised. */
async function profileServer(): Promise<void> {
  const served = await servedDataset(process.env.BENCH_AB_URL);
  const fixtures = await readFixtures(served.url);
  const probe = { ...probeEnv("profile"), BENCH_CPU_PROFILE_DIR: outDir };
  const server = await spawnServer({ DATABASE_URL: served.url, ACCESS_TOKEN_TTL_SECONDS: "86400", TICKETS_AUTO_CLOSE_HOURS: "0", ...probe });
  try {
    const session = await login(server.baseUrl, { email: actor === "admin" ? fixtures.adminEmail : fixtures.attendantEmail, password: benchPassword });
    const headers = { authorization: `Bearer ${session.token}`, "accept-encoding": "gzip, deflate, br" };
    const run = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const response = await fetch(`${server.baseUrl}/api/tickets?pageNumber=1&${query}`, { headers });
        if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      }
    };
    await run(200); // warm-up, not profiled
    await readLoopDelay(server.pid, probe); // the profile starts over here
    const before = cpuSeconds(server.pid)?.own ?? 0;
    const splitBefore = userSystem(server.pid);
    const at = performance.now();
    await run(requests);
    const wall = performance.now() - at;
    const cpu = (cpuSeconds(server.pid)?.own ?? 0) - before;
    const splitAfter = userSystem(server.pid);
    const earlier = profilesOf(outDir, server.pid);
    await readLoopDelay(server.pid, probe);
    console.log(`${status} · ${actor}: ${requests} requests, wall ${(wall / requests).toFixed(2)} ms/request, server CPU ${((cpu * 1000) / requests).toFixed(2)} ms/request (user ${(((splitAfter.user - splitBefore.user) * 1000) / requests).toFixed(2)}, system ${(((splitAfter.system - splitBefore.system) * 1000) / requests).toFixed(2)})`);
    const file = await writtenProfile(outDir, server.pid, earlier);
    if (file) summarise(join(outDir, file), requests);
  } finally {
    await server.stop();
    removeProbeFile(probe);
    await served.stop();
  }
}

/** The process's user and system CPU so far, in seconds (zero without /proc). */
function userSystem(pid: number): { user: number; system: number } {
  return userSystemSeconds(pid) ?? { user: 0, system: 0 };
}

/** The server's profiles in `outDir` so far. */
const profilesOf = (outDir: string, pid: number) => readdirSync(outDir).filter((name) => name.startsWith(`${pid}-`));

/**
 * The profile the server writes after the reading that ends it, not one of `before`: polled until it
 * is there and its size holds still (the server writes it once the reading has answered).
 */
async function writtenProfile(outDir: string, pid: number, before: readonly string[], timeoutMs = 10_000): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  let lastSize = -1;
  for (;;) {
    const file = profilesOf(outDir, pid).find((name) => !before.includes(name));
    const size = file ? statSync(join(outDir, file)).size : -1;
    if ((file && size > 0 && size === lastSize) || Date.now() > deadline) return file;
    lastSize = size;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}

/**
 * What a sample is spent on, by the nearest frame of its stack that says. The profile samples wall
 * time on the main thread: a socket write that wakes the process at the other end (PostgreSQL, the
 * client) on a busy 2-core machine counts the wait for the core too, which /proc's CPU does not.
 */
const profileParts: [string, (frame: Node["callFrame"]) => boolean][] = [
  ["socket writes (to PostgreSQL and the client; wall time)", (frame) => frame.url === "node:net"],
  ["compression (@fastify/compress, zlib)", (frame) => /@fastify\/compress|node:zlib/.test(frame.url)],
  ["access token check (jose, Web Crypto)", (frame) => frame.url.includes("/jose/")],
  ["response check and JSON (fastify-type-provider-zod)", (frame) => frame.url.includes("fastify-type-provider-zod")],
  ["drizzle: building and sending statements", (frame) => frame.url.includes("drizzle-orm")],
  ["pg: reading answers", (frame) => /pg-protocol|pg\/lib\/(result|query|client)\.js/.test(frame.url) && !/_pulseQueryQueue|submit/.test(frame.functionName)],
  ["garbage collector", (frame) => frame.functionName === "(garbage collector)"],
];

/** Top functions by self and inclusive time (a function counted once per stack for inclusive). */
function summarise(path: string, n: number): void {
  const profile = JSON.parse(readFileSync(path, "utf8")) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const time = new Map<number, number>();
  profile.samples.forEach((id, i) => time.set(id, (time.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const key = (node: Node) => {
    const url = node.callFrame.url.replace(/^file:\/\//, "").replace(/.*\/node_modules\//, "~/").replace(/.*\/packages\//, "");
    return `${node.callFrame.functionName || "(anonymous)"} ${url}:${node.callFrame.lineNumber + 1}`;
  };
  const self = new Map<string, number>();
  const parts = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, us] of time) {
    const node = byId.get(id)!;
    total += us;
    if (["(idle)", "(program)"].includes(node.callFrame.functionName)) idle += node.callFrame.functionName === "(idle)" ? us : 0;
    self.set(key(node), (self.get(key(node)) ?? 0) + us);
    if (node.callFrame.functionName !== "(idle)") {
      let part = "other";
      for (let at: number | undefined = id; at !== undefined && part === "other"; at = parent.get(at)) {
        const frame = byId.get(at)!.callFrame;
        part = profileParts.find(([, test]) => test(frame))?.[0] ?? "other";
      }
      parts.set(part, (parts.get(part) ?? 0) + us);
    }
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = key(byId.get(at)!);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + us);
    }
  }
  const busy = total - idle;
  console.log(`profile ${path}: ${(total / 1000).toFixed(0)} ms sampled, busy ${(busy / 1000).toFixed(0)} ms = ${(busy / 1000 / n).toFixed(2)} ms/request`);
  const show = (title: string, map: Map<string, number>, count: number) => {
    console.log(`\n${title} (ms/request, % of busy)`);
    for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count))
      console.log(`${(us / 1000 / n).toFixed(3).padStart(7)} ${((100 * us) / busy).toFixed(1).padStart(5)}%  ${k}`);
  };
  show("self", self, Number(process.env.BENCH_PROFILE_TOP ?? 45));
  show("by part (a sample goes to the part of its nearest frame that has one)", parts, profileParts.length + 1);
  show("inclusive", inclusive, Number(process.env.BENCH_PROFILE_TOP_INCLUSIVE ?? 90));
}

// `npx tsx bench/tickets-tab-profile.ts <file>.cpuprofile <requests>`: a profile already taken, summarised again.
if (process.argv[2]?.endsWith(".cpuprofile")) summarise(process.argv[2], Number(process.argv[3] ?? 1000));
else await profileServer();
