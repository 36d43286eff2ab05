// Two checkouts of Atendo on the same ticket dataset, their list requests interleaved (issue 35):
// `BENCH_AB_BASELINE=/path/to/other/checkout BENCH_AB_URL=postgres://… npx tsx bench/tickets-ab.ts`.
// Both servers run at once on the database at BENCH_AB_URL (the bench:tickets dataset, served by
// bench:tickets' embedded folder or the external server); rounds of BENCH_AB_BLOCK requests
// alternate between them, so a busy machine slows both alike, and each server's CPU per request
// is read from /proc. Prints, per case, p50/p95 of each and the ratios current / baseline.
import { cpus } from "node:os";
import type { SpawnedServer } from "../packages/server/src/test/spawn-server.js";
import { spawnServer } from "../packages/server/src/test/spawn-server.js";
import { cpuSeconds } from "./support/process-cpu.js";
import { login } from "./support/server-api.js";
import { summarise, writeResult } from "./support/stats.js";
import { benchPassword, benchTags } from "./tickets-dataset.js";
import { readFixtures } from "./tickets-fixtures.js";

const baselineDir = process.env.BENCH_AB_BASELINE;
const url = process.env.BENCH_AB_URL;
if (!baselineDir || !url) throw new Error("BENCH_AB_BASELINE (a checkout with node_modules) and BENCH_AB_URL (the dataset's database) are required");
const rounds = Number(process.env.BENCH_AB_ROUNDS ?? 20);
const block = Number(process.env.BENCH_AB_BLOCK ?? 20);

const cases: { name: string; actor: "attendant" | "admin"; query: string }[] = [
  ...["pending", "open", "closed"].map((status) => ({ name: `${status} · attendant`, actor: "attendant" as const, query: `status=${status}` })),
  { name: "pending · attendant · common tag", actor: "attendant", query: `status=pending&tagIds=${benchTags.common.id}` },
  { name: "closed · attendant · common tag", actor: "attendant", query: `status=closed&tagIds=${benchTags.common.id}` },
  ...["pending", "open", "closed"].map((status) => ({ name: `${status} · admin showAll`, actor: "admin" as const, query: `status=${status}&showAll=true` })),
];

const env = { DATABASE_URL: url, ACCESS_TOKEN_TTL_SECONDS: "86400", TICKETS_AUTO_CLOSE_HOURS: "0" };
const baselineModule = (await import(`${baselineDir}/packages/server/src/test/spawn-server.ts`)) as { spawnServer: typeof spawnServer };
const fixtures = await readFixtures(url);
const servers: Record<"baseline" | "current", SpawnedServer> = {
  baseline: await baselineModule.spawnServer(env),
  current: await spawnServer(env),
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
  for (const c of cases) {
    const samples = { baseline: [] as number[], current: [] as number[] };
    const cpu = { baseline: 0, current: 0 };
    for (let round = 0; round < rounds + 1; round++) {
      for (const name of round % 2 === 0 ? (["baseline", "current"] as const) : (["current", "baseline"] as const)) {
        const server = servers[name];
        const headers = { authorization: `Bearer ${tokens[name]![c.actor]}` };
        const before = cpuSeconds(server.pid)?.own ?? 0;
        for (let i = 0; i < block; i++) {
          const at = performance.now();
          const response = await fetch(`${server.baseUrl}/api/tickets?pageNumber=1&${c.query}`, { headers });
          if (!response.ok) throw new Error(`${name} ${c.name}: ${response.status} ${await response.text()}`);
          await response.arrayBuffer();
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
    };
    console.log(c.name, JSON.stringify(table[c.name]));
  }
  console.log(`\n${rounds} rounds of ${block} requests per server and case, interleaved; ${cpus().length} CPUs; server CPU per request from /proc`);
  console.table(table);
  writeResult("tickets-ab", { when: new Date().toISOString(), baselineDir, rounds, block, cases: table });
} finally {
  await Promise.all([servers.baseline.stop(), servers.current.stop()]);
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
