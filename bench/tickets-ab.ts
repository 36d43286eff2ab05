// Two Atendo servers side by side, their ticket list requests interleaved (issue 35): two checkouts
// on one dataset (`BENCH_AB_BASELINE=/path/to/other/checkout`), or this checkout on two datasets
// (`BENCH_AB_BASELINE_URL`: the 100k one against the 1M one at BENCH_AB_URL), or both.
// `[BENCH_AB_URL=postgres://…] [BENCH_AB_BASELINE=…] [BENCH_AB_BASELINE_URL=…] npx tsx bench/tickets-ab.ts`
// The databases are bench:tickets datasets: without BENCH_AB_URL, bench:tickets' embedded folder
// (BENCH_EMBEDDED_DIR) served for the run; or the external server's atendo_bench / atendo_bench_x10. Rounds of BENCH_AB_BLOCK requests alternate between the
// servers, so a busy machine slows both alike, and each server's CPU per request is read from
// /proc. Prints, per case, p50/p95 of each and the ratios current / baseline.
import { cpus } from "node:os";
import { isDeepStrictEqual } from "node:util";
import type { SpawnedServer } from "../packages/server/src/test/spawn-server.js";
import { spawnServer } from "../packages/server/src/test/spawn-server.js";
import { cpuSeconds } from "./support/process-cpu.js";
import { login } from "./support/server-api.js";
import { servedDataset } from "./support/dataset-server.js";
import { summarise, writeResult } from "./support/stats.js";
import { benchPassword, benchTags } from "./tickets-dataset.js";
import { readFixtures } from "./tickets-fixtures.js";

const served = await servedDataset(process.env.BENCH_AB_URL);
const url = served.url;
const baselineDir = process.env.BENCH_AB_BASELINE;
const baselineUrl = process.env.BENCH_AB_BASELINE_URL ?? url;
if (!baselineDir && baselineUrl === url) throw new Error("Nothing to compare: set BENCH_AB_BASELINE (another checkout) or BENCH_AB_BASELINE_URL (another dataset)");
const rounds = Number(process.env.BENCH_AB_ROUNDS ?? 20);
const block = Number(process.env.BENCH_AB_BLOCK ?? 20);

const searched = (status: string, text: string) => `status=${status}&searchParam=${encodeURIComponent(text)}`;
const cases: { name: string; actor: "attendant" | "admin"; query: string }[] = [
  ...["pending", "open", "closed"].map((status) => ({ name: `${status} · attendant`, actor: "attendant" as const, query: `status=${status}` })),
  { name: "pending · attendant · common tag", actor: "attendant", query: `status=pending&tagIds=${benchTags.common.id}` },
  { name: "closed · attendant · common tag", actor: "attendant", query: `status=closed&tagIds=${benchTags.common.id}` },
  ...["pending", "open", "closed"].map((status) => ({ name: `${status} · admin showAll`, actor: "admin" as const, query: `status=${status}&showAll=true` })),
  // Their own work (and the queues nobody belongs to, in the pending tab): decision 0108.
  ...["pending", "open", "closed"].map((status) => ({ name: `${status} · admin own`, actor: "admin" as const, query: `status=${status}` })),
  // The two cases over 1.5× at ten times the data (issue 35); the texts are the same in every dataset.
  { name: 'pending · attendant · "reembolso"', actor: "attendant", query: searched("pending", "reembolso") },
  { name: 'search view · attendant · "Figueiredo"', actor: "attendant", query: `searchParam=Figueiredo` },
];

const env = (database: string) => ({ DATABASE_URL: database, ACCESS_TOKEN_TTL_SECONDS: "86400", TICKETS_AUTO_CLOSE_HOURS: "0" });
const spawnBaseline = baselineDir
  ? ((await import(`${baselineDir}/packages/server/src/test/spawn-server.ts`)) as { spawnServer: typeof spawnServer }).spawnServer
  : spawnServer;
const fixtures = await readFixtures(url);
const servers: Record<"baseline" | "current", SpawnedServer> = {
  baseline: await spawnBaseline(env(baselineUrl)),
  current: await spawnServer(env(url)),
};

try {
  const tokens = Object.fromEntries(
    await Promise.all(
      (["baseline", "current"] as const).map(async (name) => {
        const server = servers[name];
        const attendant = await login(server.baseUrl, { email: fixtures.attendantEmail, password: benchPassword });
        const admin = await login(server.baseUrl, { email: fixtures.adminEmail, password: benchPassword });
        return [name, { attendant: attendant.token, admin: admin.token }] as const;
      }),
    ),
  );
  const table: Record<string, Record<string, number>> = {};
  // BENCH_AB_CASES: comma-separated parts of case names to run (all when unset); "=" before a whole name.
  const parts = (process.env.BENCH_AB_CASES ?? "").split(",").filter((part) => part.length > 0);
  const chosen = (name: string) => parts.length === 0 || parts.some((part) => (part.startsWith("=") ? name === part.slice(1) : name.includes(part)));
  for (const c of cases.filter((c) => chosen(c.name))) {
    const samples = { baseline: [] as number[], current: [] as number[] };
    const cpu = { baseline: 0, current: 0 };
    const firstAnswers = { baseline: "", current: "" };
    for (let round = 0; round < rounds + 1; round++) {
      for (const name of round % 2 === 0 ? (["baseline", "current"] as const) : (["current", "baseline"] as const)) {
        const server = servers[name];
        const headers = { authorization: `Bearer ${tokens[name]![c.actor]}` };
        const before = cpuSeconds(server.pid)?.own ?? 0;
        for (let i = 0; i < block; i++) {
          const at = performance.now();
          const response = await fetch(`${server.baseUrl}/api/tickets?pageNumber=1&${c.query}`, { headers });
          if (!response.ok) throw new Error(`${name} ${c.name}: ${response.status} ${await response.text()}`);
          const body = await response.text();
          if (round === 0 && i === 0) firstAnswers[name] = body;
          // The first round warms both up and is not counted.
          if (round > 0) samples[name].push(performance.now() - at);
        }
        if (round > 0) cpu[name] += (cpuSeconds(server.pid)?.own ?? 0) - before;
      }
    }
    const [b, k] = [summarise(samples.baseline), summarise(samples.current)];
    const cpuMs = (name: "baseline" | "current") => (cpu[name] * 1000) / samples[name].length;
    table[c.name] = {
      "p50 base": b.p50,
      "p50 now": k.p50,
      "p95 base": b.p95,
      "p95 now": k.p95,
      "p50 ratio": round2(k.p50 / b.p50),
      "p95 ratio": round2(k.p95 / b.p95),
      "cpu ms base": round2(cpuMs("baseline")),
      "cpu ms now": round2(cpuMs("current")),
      // On one dataset both must answer alike (keys in any order): 1 yes, 0 no.
      ...(baselineUrl === url ? { "same answer": sameAnswer(firstAnswers.baseline, firstAnswers.current) ? 1 : 0 } : {}),
    };
    console.log(c.name, JSON.stringify(table[c.name]));
  }
  console.log(`\n${rounds} rounds of ${block} requests per server and case, interleaved; ${cpus().length} CPUs; server CPU per request from /proc`);
  console.table(table);
  writeResult("tickets-ab", { when: new Date().toISOString(), baselineDir: baselineDir ?? "this checkout", datasets: { baseline: safe(baselineUrl), current: safe(url) }, rounds, block, cases: table });
} finally {
  await Promise.all([servers.baseline.stop(), servers.current.stop()]);
  await served.stop();
}

/** Whether two JSON answers hold the same values, their keys in any order. */
function sameAnswer(a: string, b: string): boolean {
  return isDeepStrictEqual(JSON.parse(a), JSON.parse(b));
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A database URL without its password. */
function safe(database: string): string {
  const parsed = new URL(database);
  parsed.password = "";
  return parsed.toString();
}
