// Latency of the attendants' workspace (issue 5): GET /api/tickets for each tab, as an attendant
// and as an admin with showAll, with and without a search, and GET /api/messages pages, over HTTP
// against a real server process on a generated dataset (100k tickets, 1M messages by default).
// `npm run bench:tickets` measures each database of BENCH_DATABASES in turn, in one run (default
// "embedded,server"): `embedded` is Atendo's default (its own PostgreSQL server, data folder
// BENCH_EMBEDDED_DIR), `server` the PostgreSQL server at BENCH_DATABASE_URL. The environment
// variables are listed in bench/README.md.
import { cpus } from "node:os";
import { writeResult } from "./support/stats.js";
import { databases, datasetName, login as signIn, spec, startOnDataset } from "./support/dataset-server.js";
import { benchCases, runCase, type Actor, type CaseResult } from "./tickets-cases.js";
import { benchPassword } from "./tickets-dataset.js";

const options = {
  warmup: Number(process.env.BENCH_WARMUP ?? 20),
  requests: Number(process.env.BENCH_REQUESTS ?? 300),
  budgetMs: Number(process.env.BENCH_CASE_SECONDS ?? 15) * 1000,
  minRequests: 30,
};
/**
 * BENCH_TICKETS_CASES: comma-separated parts of case names to run (all when unset), for short runs;
 * a part starting with "=" is a whole name ("=closed · admin showAll" without its searches).
 */
const caseFilter = (process.env.BENCH_TICKETS_CASES ?? "").split(",").filter((part) => part.length > 0);
const chosen = (name: string) => caseFilter.length === 0 || caseFilter.some((part) => (part.startsWith("=") ? name === part.slice(1) : name.includes(part)));
// Long-lived tokens so that a slow run never measures a refresh; auto-close off so that the
// dataset stays as generated. The server migrates the database on start (a migration added since
// generation is applied to the existing rows).
const serverEnv = { ACCESS_TOKEN_TTL_SECONDS: "86400", TICKETS_AUTO_CLOSE_HOURS: "0" };

async function measure(target: string): Promise<CaseResult[]> {
  console.log(`\n▶ ${target}`);
  const { dataset, fixtures, server } = await startOnDataset(target, serverEnv);
  console.table(dataset.counts);
  const login = (email: string) => signIn(server.baseUrl, email, benchPassword);

  try {
    const tokens: Record<Actor, string> = { attendant: await login(fixtures.attendantEmail), admin: await login(fixtures.adminEmail) };
    const results: CaseResult[] = [];
    for (const benchCase of benchCases(fixtures).filter((c) => chosen(c.name))) {
      const result = await runCase(benchCase, { baseUrl: server.baseUrl, tokens, ...options });
      results.push(result);
      console.log(`  ${result.name}: ${result.latency ? `p95 ${result.latency.p95} ms (n ${result.latency.count})` : result.outcome}`);
    }

    console.log(`\nGET latency in ms on ${target}, sequential requests, ${spec.tickets} tickets / ${spec.messages} messages, ${cpus().length} CPUs`);
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

    writeResult(`tickets-${target}${spec.scale === 1 ? "" : `-x${spec.scale}`}`, {
      database: target,
      when: new Date().toISOString(),
      machine: { cpus: cpus().length },
      dataset: { name: datasetName(target), spec, counts: dataset.counts, reused: dataset.reused, generateSeconds: dataset.generateSeconds },
      fixtures,
      options,
      unit: "ms",
      cases: results,
    });
    return results;
  } finally {
    await server.stop();
  }
}

const measured: Record<string, CaseResult[]> = {};
for (const target of databases) measured[target] = await measure(target);
if (measured.embedded && measured.server) {
  const serverP95 = new Map(measured.server.map((r) => [r.name, r.latency?.p95]));
  const ratios = measured.embedded.flatMap((r) => {
    const server = serverP95.get(r.name);
    return r.latency && server ? [{ name: r.name, ratio: r.latency.p95 / server }] : [];
  });
  const geometricMean = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r.ratio), 0) / Math.max(1, ratios.length));
  console.log("\np95 embedded / server, same run");
  console.table(Object.fromEntries(ratios.map((r) => [r.name, Math.round(r.ratio * 100) / 100])));
  console.log(`geometric mean ${geometricMean.toFixed(2)} over ${ratios.length} cases`);
}
