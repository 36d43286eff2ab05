// Reports on a year of data (issue 15): GET /api/reports/tickets pages and GET /api/reports/charts
// over the last 60 days, and the 60-day CSV of every ticket, over HTTP against a real server
// process on the bench:tickets dataset (100k tickets / 1M messages spread over a year). Measures
// each database of BENCH_DATABASES in turn (default "embedded,server"); see bench/README.md.
import { cpus, loadavg } from "node:os";
import { addDays, dayOf } from "@atendo/contracts";
import { reportCases, runCase, runCsv, targets, type CsvResult, type ReportCaseResult } from "./reports-cases.js";
import { databases, datasetName, login, spec, startOnDataset } from "./support/dataset-server.js";
import { writeResult } from "./support/stats.js";
import { ATTENDANT_ID, benchPassword } from "./tickets-dataset.js";

const timeZone = process.env.BENCH_TIME_ZONE ?? "America/Sao_Paulo";
const options = {
  warmup: Number(process.env.BENCH_WARMUP ?? 10),
  requests: Number(process.env.BENCH_REQUESTS ?? 200),
  budgetMs: Number(process.env.BENCH_CASE_SECONDS ?? 15) * 1000,
  minRequests: 30,
};
const csvRuns = Number(process.env.BENCH_CSV_RUNS ?? 5);
/** The queue the filtered cases narrow to (the dataset's queues are 1–10). */
const QUEUE_ID = 1;
// Long-lived tokens so that a slow run never measures a refresh; auto-close off so that the
// dataset stays as generated; dates on a clock other than UTC's, as most installs have.
const serverEnv = { ACCESS_TOKEN_TTL_SECONDS: "86400", TICKETS_AUTO_CLOSE_HOURS: "0", TIME_ZONE: timeZone };

interface Measured {
  cases: ReportCaseResult[];
  csv: CsvResult;
}

async function measure(target: string): Promise<Measured> {
  console.log(`\n▶ ${target}`);
  const { dataset, fixtures, server } = await startOnDataset(target, serverEnv);
  console.table(dataset.counts);
  try {
    const token = await login(server.baseUrl, fixtures.adminEmail, benchPassword);
    // The web's "last two months": from midnight 59 days ago on the install's clock to now.
    const startDate = addDays(dayOf(new Date(), timeZone), -59);
    const { cases, csvPath } = reportCases(startDate, QUEUE_ID, ATTENDANT_ID);
    const run = { baseUrl: server.baseUrl, token, ...options };
    const results: ReportCaseResult[] = [];
    for (const reportCase of cases) {
      const result = await runCase(reportCase, run);
      results.push(result);
      console.log(`  ${result.name}: p95 ${result.latency.p95} ms (n ${result.latency.count}) ${JSON.stringify(result.answer)}`);
    }
    const csv = await runCsv(csvPath, { ...run, runs: csvRuns, serverPid: server.pid });

    console.log(`\nGET latency in ms on ${target}, sequential requests, ${spec.tickets} tickets / ${spec.messages} messages, ${cpus().length} CPUs, load ${loadavg()[0]?.toFixed(2)}`);
    console.table(
      Object.fromEntries(
        results.map((r) => [r.name, { n: r.latency.count, p50: r.latency.p50, p95: r.latency.p95, p99: r.latency.p99, "target p95": r.targetP95, ok: r.meetsTarget ? "yes" : "NO", ...r.answer }]),
      ),
    );
    console.log(`60-day CSV (${csv.runs[0]?.rows ?? 0} rows, ${Math.round((csv.runs[0]?.bytes ?? 0) / 1024)} kB): ${csv.rowsPerSecond.median} rows/s median, ${csv.rowsPerSecond.min} min over ${csv.runs.length} downloads (target ${targets.csvRowsPerSecond}: ${csv.meetsTarget ? "yes" : "NO"})`);
    console.log(`server memory while streaming: ${csv.serverRssMb.before} MB before, ${csv.serverRssMb.peak} MB at most`);

    writeResult(`reports-${target}`, {
      database: target,
      when: new Date().toISOString(),
      machine: { cpus: cpus().length, loadAverage: loadavg() },
      dataset: { name: datasetName(target), spec, counts: dataset.counts, reused: dataset.reused, generateSeconds: dataset.generateSeconds },
      timeZone,
      startDate,
      options: { ...options, csvRuns },
      unit: "ms",
      cases: results,
      csv,
    });
    return { cases: results, csv };
  } finally {
    await server.stop();
  }
}

const measured: Record<string, Measured> = {};
for (const target of databases) measured[target] = await measure(target);
const missed = Object.entries(measured).flatMap(([target, m]) => [
  ...m.cases.filter((r) => !r.meetsTarget).map((r) => `${target}: ${r.name}`),
  ...(m.csv.meetsTarget ? [] : [`${target}: CSV rows/s`]),
]);
console.log(missed.length === 0 ? "\nevery case meets its target" : `\nover target: ${missed.join("; ")}`);
