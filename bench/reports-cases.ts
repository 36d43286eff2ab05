// What bench:reports times (issue 15): the report's page and its charts over a 60-day period as an
// admin, with and without filters, each request sequential after a warm-up; and the 60-day CSV of
// every ticket, downloaded whole, in rows per second, with the server's memory while it streams.
import { readFileSync } from "node:fs";
import { summarise, type LatencySummary } from "./support/stats.js";

export type ReportGroup = "page" | "charts";

/** p95 targets of issue 15, in ms; the CSV's in rows/s. */
export const targets = { page: 100, charts: 300, csvRowsPerSecond: 20_000 } as const;

export interface ReportCase {
  name: string;
  group: ReportGroup;
  path: string;
}

export interface ReportCaseResult extends ReportCase {
  targetP95: number;
  /** The first answer: rows on the page and the count, or the charts' days and tickets counted. */
  answer: Record<string, number>;
  latency: LatencySummary;
  meetsTarget: boolean;
}

export interface CsvResult {
  path: string;
  runs: { rows: number; bytes: number; seconds: number; rowsPerSecond: number }[];
  rowsPerSecond: { median: number; min: number };
  /** The Atendo process's resident memory (MB), before the downloads and at its highest during them. */
  serverRssMb: { before: number; peak: number };
  meetsTarget: boolean;
}

export interface RunOptions {
  baseUrl: string;
  token: string;
  warmup: number;
  requests: number;
  budgetMs: number;
  minRequests: number;
}

function reportPath(route: "tickets" | "charts", query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return `/api/reports/${route}?${params.toString()}`;
}

/**
 * The cases over a period starting at `startDate` (a day on the install's clock, as the web's
 * "last two months" preset sends it) and ending now; `queueId` and `userId` narrow it.
 */
export function reportCases(startDate: string, queueId: number, userId: number): { cases: ReportCase[]; csvPath: string } {
  const narrowings: { label: string; query: Record<string, string | number> }[] = [
    { label: "any", query: {} },
    { label: `queue ${queueId}`, query: { queueId } },
    { label: `attendant ${userId}`, query: { userId } },
    { label: `closed · queue ${queueId}`, query: { status: "closed", queueId } },
  ];
  const cases: ReportCase[] = [];
  for (const { label, query } of narrowings) {
    cases.push({ name: `page 1 · 60 days · ${label}`, group: "page", path: reportPath("tickets", { startDate, ...query, pageNumber: 1 }) });
  }
  cases.push({ name: "page 40 · 60 days · any", group: "page", path: reportPath("tickets", { startDate, pageNumber: 40 }) });
  for (const { label, query } of narrowings.slice(0, 3)) {
    cases.push({ name: `charts · 60 days · ${label}`, group: "charts", path: reportPath("charts", { startDate, ...query }) });
  }
  return { cases, csvPath: reportPath("tickets", { startDate, action: "download", language: "pt" }) };
}

function describeAnswer(body: Record<string, unknown>): Record<string, number> {
  if (Array.isArray(body.tickets)) return { rows: body.tickets.length, count: Number(body.count) };
  const days = Array.isArray(body.days) ? (body.days as { created: number }[]) : [];
  return { days: days.length, created: days.reduce((sum, day) => sum + day.created, 0) };
}

async function get(options: RunOptions, path: string): Promise<Response> {
  const response = await fetch(`${options.baseUrl}${path}`, { headers: { authorization: `Bearer ${options.token}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return response;
}

export async function runCase(reportCase: ReportCase, options: RunOptions): Promise<ReportCaseResult> {
  const answer = describeAnswer((await (await get(options, reportCase.path)).json()) as Record<string, unknown>);
  const request = async () => void (await (await get(options, reportCase.path)).arrayBuffer());
  for (let i = 0; i < options.warmup; i++) await request();
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < options.requests && (samples.length < options.minRequests || performance.now() - started < options.budgetMs)) {
    const at = performance.now();
    await request();
    samples.push(performance.now() - at);
  }
  const latency = summarise(samples);
  const targetP95 = targets[reportCase.group];
  return { ...reportCase, targetP95, answer, latency, meetsTarget: latency.p95 <= targetP95 };
}

function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((text) => text.startsWith("VmRSS:"));
  return Math.round(Number(line?.replace(/\D+/g, "") ?? 0) / 1024);
}

/** Downloads the CSV `runs` times (after one untimed), reading the body as it streams; samples the server's memory meanwhile. */
export async function runCsv(path: string, options: RunOptions & { runs: number; serverPid: number }): Promise<CsvResult> {
  const download = async () => {
    const started = performance.now();
    const response = await get(options, path);
    let bytes = 0;
    let lineBreaks = 0;
    for await (const chunk of response.body ?? []) {
      const bytesOf = chunk as Uint8Array;
      bytes += bytesOf.length;
      for (const byte of bytesOf) if (byte === 0x0a) lineBreaks++;
    }
    const seconds = (performance.now() - started) / 1000;
    // Lines end in CRLF; a cell may hold a line break of its own, which this bench's data has none of.
    const rows = lineBreaks - 1;
    return { rows, bytes, seconds: Math.round(seconds * 1000) / 1000, rowsPerSecond: Math.round(rows / seconds) };
  };
  await download();
  const before = residentMb(options.serverPid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(options.serverPid))), 20);
  const runs = [];
  try {
    for (let i = 0; i < options.runs; i++) runs.push(await download());
  } finally {
    clearInterval(sampler);
  }
  const rates = runs.map((run) => run.rowsPerSecond).sort((a, b) => a - b);
  const median = rates[Math.floor(rates.length / 2)] ?? 0;
  return { path, runs, rowsPerSecond: { median, min: rates[0] ?? 0 }, serverRssMb: { before, peak }, meetsTarget: median >= targets.csvRowsPerSecond };
}
