// Memory of the server while the API channel receives one large document: a fresh server per
// case (embedded PGlite), its resident memory before the request, and its peak (VmHWM, reset
// just before the request) after.
// `npm run bench:media`. BENCH_MEDIA_CASES picks cases by name (comma-separated).
import { readFileSync, writeFileSync } from "node:fs";
import { spawnServer } from "../packages/server/src/test/spawn-server.js";
import { writeResult } from "./support/stats.js";

const MB = 1024 * 1024;
const admin = { email: "bench@atendo.local", password: "bench-password" };

interface Case {
  name: string;
  megabytes: number;
  encoding: "json" | "multipart";
}

const allCases: Case[] = [
  { name: "json-16MB", megabytes: 16, encoding: "json" },
  { name: "json-40MB", megabytes: 40, encoding: "json" },
  { name: "json-100MB", megabytes: 100, encoding: "json" },
  { name: "multipart-40MB", megabytes: 40, encoding: "multipart" },
  { name: "multipart-100MB", megabytes: 100, encoding: "multipart" },
];
const picked = process.env.BENCH_MEDIA_CASES?.split(",");
const cases = picked ? allCases.filter((c) => picked.includes(c.name)) : allCases;

/** kB figures of /proc/<pid>/status, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: field("VmRSS"), peak: field("VmHWM") };
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function run(c: Case) {
  const server = await spawnServer({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  try {
    const base = server.baseUrl;
    const { token } = await json<{ token: string }>(
      await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(admin) }),
    );
    const authed = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const queue = await json<{ id: number }>(await fetch(`${base}/api/queue`, { method: "POST", headers: authed, body: JSON.stringify({ name: "Bench", color: "#4CAF50" }) }));
    const connection = await json<{ id: number; apiToken: string }>(
      await fetch(`${base}/api/whatsapp`, {
        method: "POST",
        headers: authed,
        body: JSON.stringify({ name: "Bench API", kind: "api", destinationType: "queue", destinationItem: queue.id }),
      }),
    );
    const url = `${base}/api/channels/${connection.id}/messages`;
    const auth = { authorization: `Bearer ${connection.apiToken}` };
    // A first small message warms the path (pipeline, ticket creation) before measuring.
    await json(await fetch(url, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ externalId: "warm", from: { number: "5511900000001" }, body: "hi" }) }));
    const document = Buffer.alloc(c.megabytes * MB, "x");
    // Resets the peak to the current size, so the peak read afterwards is this request's.
    writeFileSync(`/proc/${server.pid}/clear_refs`, "5");
    const before = memory(server.pid);
    const started = performance.now();
    let response: Response;
    if (c.encoding === "json") {
      const body = JSON.stringify({ externalId: c.name, from: { number: "5511900000002" }, media: { data: document.toString("base64"), mimeType: "text/plain", fileName: "big.txt" } });
      response = await fetch(url, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body });
    } else {
      const form = new FormData();
      form.set("externalId", c.name);
      form.set("number", "5511900000002");
      form.set("file", new Blob([document], { type: "text/plain" }), "big.txt");
      response = await fetch(url, { method: "POST", headers: auth, body: form });
    }
    const answer = await response.text();
    const seconds = (performance.now() - started) / 1000;
    const after = memory(server.pid);
    return {
      case: c.name,
      status: response.status,
      answer: response.ok ? undefined : answer.slice(0, 120),
      rssBeforeMB: Math.round(before.rss),
      peakAfterMB: Math.round(after.peak),
      peakIncreaseMB: Math.round(after.peak - before.rss),
      seconds: Math.round(seconds * 100) / 100,
    };
  } finally {
    await server.stop();
  }
}

const results = [];
for (const c of cases) {
  const result = await run(c);
  results.push(result);
  console.log(JSON.stringify(result));
}
console.table(results);
writeResult("channel-media", { at: new Date().toISOString(), results });
