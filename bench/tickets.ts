// Latency of the attendants' workspace on PostgreSQL (issue 5): GET /api/tickets for each tab, as
// an attendant and as an admin with showAll, with and without a search, and GET /api/messages
// pages, over HTTP against a real server process on a generated dataset (100k tickets, 1M messages
// by default). `npm run bench:tickets`; the environment variables are listed in bench/README.md.
import { cpus } from "node:os";
import { spawnServer } from "../packages/server/src/test/spawn-server.js";
import { writeResult } from "./support/stats.js";
import { benchCases, runCase, type Actor, type CaseResult } from "./tickets-cases.js";
import { benchPassword, datasetSpec, ensureDataset } from "./tickets-dataset.js";
import { readFixtures } from "./tickets-fixtures.js";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseName = process.env.BENCH_DATABASE_NAME ?? "atendo_bench";
if (!/^[a-z_][a-z0-9_]*$/.test(databaseName)) throw new Error(`BENCH_DATABASE_NAME must be a plain identifier: ${databaseName}`);
const spec = datasetSpec(process.env);
const options = {
  warmup: Number(process.env.BENCH_WARMUP ?? 20),
  requests: Number(process.env.BENCH_REQUESTS ?? 300),
  budgetMs: Number(process.env.BENCH_CASE_SECONDS ?? 15) * 1000,
  minRequests: 30,
};

const dataset = await ensureDataset(serverUrl, databaseName, spec, process.env.BENCH_REGENERATE === "1");
console.table(dataset.counts);
const fixtures = await readFixtures(dataset.url);

// The server migrates the database on start (a migration added since generation is applied to
// the existing rows). Long-lived tokens so that a slow run never measures a refresh; auto-close
// off so that the dataset stays as generated.
const server = await spawnServer({ DATABASE_URL: dataset.url, ACCESS_TOKEN_TTL_SECONDS: "86400", TICKETS_AUTO_CLOSE_HOURS: "0" });

async function login(email: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: benchPassword }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

try {
  const tokens: Record<Actor, string> = { attendant: await login(fixtures.attendantEmail), admin: await login(fixtures.adminEmail) };
  const results: CaseResult[] = [];
  for (const benchCase of benchCases(fixtures)) {
    const result = await runCase(benchCase, { baseUrl: server.baseUrl, tokens, ...options });
    results.push(result);
    console.log(`  ${result.name}: ${result.latency ? `p95 ${result.latency.p95} ms (n ${result.latency.count})` : result.outcome}`);
  }

  console.log(`\nGET latency in ms, sequential requests, ${spec.tickets} tickets / ${spec.messages} messages, ${cpus().length} CPUs`);
  console.table(
    Object.fromEntries(
      results.map((r) => [
        r.name,
        r.latency
          ? { n: r.latency.count, p50: r.latency.p50, p95: r.latency.p95, p99: r.latency.p99, "target p95": r.targetP95, ok: r.meetsTarget ? "yes" : "NO", rows: r.answer?.rows ?? "-", count: r.answer?.count ?? "-" }
          : { n: 0, p50: "-", p95: "-", p99: "-", "target p95": r.targetP95, ok: r.outcome, rows: r.answer?.rows ?? "-", count: r.answer?.count ?? "-" },
      ]),
    ),
  );
  const problems = results.filter((r) => r.outcome !== "measured");
  for (const problem of problems) console.log(`${problem.outcome}: ${problem.name}: ${problem.error ?? ""}`);
  const missed = results.filter((r) => r.meetsTarget === false).length;
  console.log(`${results.length - problems.length} cases measured, ${missed} over target, ${problems.length} not measured`);

  writeResult("tickets-postgres", {
    database: "postgres",
    when: new Date().toISOString(),
    machine: { cpus: cpus().length },
    dataset: { name: databaseName, spec, counts: dataset.counts, reused: dataset.reused, generateSeconds: dataset.generateSeconds },
    fixtures,
    options,
    unit: "ms",
    cases: results,
  });
} finally {
  await server.stop();
}
