// Contact export (issue 29, decision 0074): GET /api/contacts/export?format=csv of every contact,
// from the request to the file's last byte, and how much the server's memory grows meanwhile
// (its peak resident size, VmHWM reset just before the request, against its size before).
// `npm run bench:export` measures each database of BENCH_DATABASES (default "embedded,server").
// The contacts come in through the contact import, 10,000 a file, each with two extra fields; at
// each size of BENCH_EXPORT_CONTACTS (default "10000,100000", growing: the same server imports the
// difference) the export is taken three times, so that memory growth can be compared across sizes:
// flat means the same growth for 10k and 100k contacts. BENCH_EXPORT_SERVER_HEAP_MB caps the
// server's old generation (--max-old-space-size): an export that completes under a cap near the
// server's idle heap holds memory bounded by a batch, whatever V8 keeps when memory is plenty.
import { readFileSync, writeFileSync } from "node:fs";
import type { OngoingImportResponse } from "@atendo/contracts";
import { benchDatabases, startOn } from "./support/databases.js";
import { json, login, type AdminSession } from "./support/server-api.js";
import { ratio, writeResult } from "./support/stats.js";

const databases = benchDatabases("embedded,server");
const sizes = (process.env.BENCH_EXPORT_CONTACTS ?? "10000,100000").split(",").map((size) => Number(size.trim()));
if (sizes.some((size, i) => !Number.isInteger(size) || size <= 0 || (i > 0 && size <= sizes[i - 1]!))) throw new Error("BENCH_EXPORT_CONTACTS: growing contact counts, e.g. 10000,100000");
const contacts = sizes[sizes.length - 1]!;
const perFile = 10_000;
const targetSeconds = 5;
const admin = { email: "bench@atendo.local", password: "bench-password" };
const heapCap = process.env.BENCH_EXPORT_SERVER_HEAP_MB;

/** kB figures of /proc/<pid>/status, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: field("VmRSS"), peak: field("VmHWM") };
}

function csvOf(count: number, first: number): Blob {
  const lines = ["name,number,email,Customer since,Plan"];
  for (let i = 0; i < count; i++) lines.push(`Customer ${first + i},${first + i},c${first + i}@example.com,2024-0${(i % 9) + 1}-15,${i % 3 ? "Gold" : "Silver"}`);
  return new Blob([`${lines.join("\n")}\n`], { type: "text/csv" });
}

/** Imports contacts `from`…`count - 1`, one file after the other, each waited for. */
async function seed(session: AdminSession, from: number, count: number): Promise<void> {
  const auth = { authorization: `Bearer ${session.token}` };
  for (let done = from; done < count; done += perFile) {
    const body = new FormData();
    body.append("templateType", "atendo");
    body.append("csv", csvOf(Math.min(perFile, count - done), 5511_900_000_000 + done), "seed.csv");
    const response = await fetch(`${session.base}/api/contact-import`, { method: "POST", headers: auth, body });
    if (response.status !== 202) throw new Error(`import refused: ${response.status} ${await response.text()}`);
    for (;;) {
      const { import: current } = await json<OngoingImportResponse>(await fetch(`${session.base}/api/contact-import/ongoing`, { headers: auth }));
      if (current && current.status !== "running") {
        if (current.status !== "finished") throw new Error(`seed import ${current.status}: ${current.error}`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

interface ExportRun {
  seconds: number;
  rows: number;
  megabytes: number;
  rssBeforeMB: number;
  peakGrowthMB: number;
}

async function exportOnce(session: AdminSession, pid: number): Promise<ExportRun> {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
  const before = memory(pid);
  const started = performance.now();
  const response = await fetch(`${session.base}/api/contacts/export?format=csv`, { headers: { authorization: `Bearer ${session.token}` } });
  if (!response.ok || !response.body) throw new Error(`export: ${response.status} ${await response.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  const after = memory(pid);
  return { seconds: ratio(seconds, 1), rows: lines - 1, megabytes: ratio(bytes / 1024 / 1024, 1), rssBeforeMB: Math.round(before.rss), peakGrowthMB: Math.round(after.peak - before.rss) };
}

async function measure(target: string): Promise<ExportRun[]> {
  console.log(`\n▶ ${target}`);
  const capped: Record<string, string> = heapCap ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=${heapCap}`.trim() } : {};
  const { server, cleanUp } = await startOn(target, { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...capped });
  try {
    const session = await login(server.baseUrl, admin);
    const runs: ExportRun[] = [];
    let seeded = 0;
    for (const size of sizes) {
      const seeding = performance.now();
      await seed(session, seeded, size);
      seeded = size;
      console.log(`  ${size} contacts in all, imported in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
      for (let i = 0; i < 3; i++) {
        const run = await exportOnce(session, server.pid);
        if (run.rows !== size) throw new Error(`the export holds ${run.rows} rows, not ${size}`);
        console.log(`  export ${i + 1} of ${size}: ${run.seconds.toFixed(2)} s, ${run.megabytes.toFixed(1)} MB, server ${run.rssBeforeMB} MB before, peak +${run.peakGrowthMB} MB`);
        runs.push(run);
      }
    }
    return runs;
  } finally {
    await cleanUp();
  }
}

const results: Record<string, ExportRun[]> = {};
for (const target of databases) results[target] = await measure(target);
const all = Object.values(results).flat();
const largest = all.filter((run) => run.rows === contacts);
const slowest = Math.max(...largest.map((run) => run.seconds));
console.log(`\nslowest export of ${contacts} contacts: ${slowest.toFixed(2)} s (target ≤ ${targetSeconds} s) ${slowest <= targetSeconds ? "✓" : "✗"}`);
for (const size of sizes) {
  const growth = all.filter((run) => run.rows === size).map((run) => run.peakGrowthMB);
  console.log(`server peak memory growth exporting ${size} contacts: ${Math.min(...growth)}–${Math.max(...growth)} MB`);
}
writeResult("contact-export", { sizes, targetSeconds, results });
