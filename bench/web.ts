// Web delivery (issue 16, docs/decisions/0043-web-delivery.md): in Debian's Chromium, the time from
// clicking "Sign in" on the login page to the first row of the ticket list on screen, cold (a fresh
// browser context: empty HTTP cache, service workers blocked) and warm (the same context signing in
// again: assets cached), and the JavaScript bytes transferred for the login page and then for the
// tickets page. Builds nothing: it serves packages/web/dist (or WEB_DIST) from a real server,
// with an empty install (`empty`) and on bench:tickets' dataset of 100k tickets (`tickets`).
// `npm run bench:web`; the environment variables are in bench/README.md.
import { existsSync, readFileSync } from "node:fs";
import { cpus } from "node:os";
import { gzipSync } from "node:zlib";
import { resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { spawnServer, type SpawnedServer } from "../packages/server/src/test/spawn-server.js";
import { startOnDataset } from "./support/dataset-server.js";
import { summarise, writeResult, type LatencySummary } from "./support/stats.js";
import { benchPassword } from "./tickets-dataset.js";

const dist = resolve(process.env.WEB_DIST ?? new URL("../packages/web/dist", import.meta.url).pathname);
const runs = Number(process.env.BENCH_WEB_RUNS ?? 7);
const cases = (process.env.BENCH_WEB_CASES ?? "empty,tickets").split(",").map((name) => name.trim());
const emptyAdmin = { email: "admin@bench-web.local", password: "bench-web-password" };

interface Target {
  server: SpawnedServer;
  email: string;
  password: string;
}

async function startTarget(name: string): Promise<Target> {
  const env = { WEB_DIST: dist, ACCESS_TOKEN_TTL_SECONDS: "86400", TICKETS_AUTO_CLOSE_HOURS: "0" };
  if (name === "empty") {
    const server = await spawnServer({ ...env, ADMIN_EMAIL: emptyAdmin.email, ADMIN_PASSWORD: emptyAdmin.password });
    return { server, ...emptyAdmin };
  }
  if (name === "tickets") {
    // The attendant: their Open tab is the first thing /tickets shows, full on this dataset.
    const { server, fixtures } = await startOnDataset("embedded", env);
    return { server, email: fixtures.attendantEmail, password: benchPassword };
  }
  throw new Error(`BENCH_WEB_CASES: unknown case ${name} (empty, tickets)`);
}

function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

interface Transfer {
  /** Bytes of script bodies as they came over the network (compressed), cache hits counting 0. */
  bytes: number;
  /** Scripts the page loaded, from the network or a cache. */
  files: number;
}

/** Counts the scripts `page` loads; `take()` returns what was loaded since the last take. */
function scriptCounter(page: Page): { take(): Promise<Transfer> } {
  let pending: Promise<number>[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    pending.push(
      request.response().then(async (response) => {
        if (!response || response.fromServiceWorker() || response.status() === 304) return 0;
        // -1 when the body came from the memory cache: nothing moved.
        return Math.max(0, (await request.sizes()).responseBodySize);
      }),
    );
  });
  return {
    async take() {
      const sizes = await Promise.all(pending);
      pending = [];
      return { bytes: sizes.reduce((sum, size) => sum + size, 0), files: sizes.length };
    },
  };
}

/** The first row of the ticket list, or the list's empty text on an install without tickets. */
function firstTicketRow(page: Page) {
  const row = page.getByRole("list", { name: /tickets$/ }).getByRole("listitem").first();
  return row.or(page.getByText(/^(No open tickets\.|Nobody is waiting\.)/)).first();
}

interface Sample {
  ms: number;
  login: Transfer;
  tickets: Transfer;
}

/** Opens /login, signs in, and times the click on "Sign in" to the first ticket row on screen. */
async function signIn(page: Page, counter: ReturnType<typeof scriptCounter>, target: Target): Promise<Sample> {
  await page.goto("/login");
  const submit = page.getByRole("button", { name: "Sign in" });
  await submit.waitFor();
  await page.getByLabel("Email").fill(target.email);
  await page.getByLabel("Password", { exact: true }).fill(target.password);
  await page.waitForLoadState("networkidle");
  const login = await counter.take();
  const start = performance.now();
  await submit.click();
  await firstTicketRow(page).waitFor({ timeout: 120_000 });
  const ms = performance.now() - start;
  return { ms, login, tickets: await counter.take() };
}

/** Back to the login page with the assets still cached: the session's cookie and storage go. */
async function signOut(context: BrowserContext, page: Page): Promise<void> {
  await context.clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

interface CaseResult {
  name: string;
  runs: number;
  cold: LatencySummary;
  warm: LatencySummary;
  /** Median JavaScript transferred on a cold run: the login page, then signing in to the ticket list. */
  coldJsBytes: { login: number; tickets: number; loginFiles: number; ticketsFiles: number };
  warmJsBytes: { login: number; tickets: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measure(name: string): Promise<CaseResult> {
  console.log(`\n▶ ${name}`);
  const target = await startTarget(name);
  const browser = await launch();
  try {
    const cold: Sample[] = [];
    const warm: Sample[] = [];
    for (let run = 0; run < runs; run += 1) {
      // Cold: a fresh context (empty cache), then warm: the same context signing in again. Service
      // workers are blocked: the app's worker would fetch the shell's files out of the page's sight
      // and serve them from its cache; this measures what HTTP delivery (compression, caching) gives.
      const context = await browser.newContext({
        baseURL: target.server.baseUrl,
        viewport: { width: 1280, height: 800 },
        locale: "en-US",
        serviceWorkers: "block",
      });
      const page = await context.newPage();
      const counter = scriptCounter(page);
      cold.push(await signIn(page, counter, target));
      await signOut(context, page);
      warm.push(await signIn(page, counter, target));
      await context.close();
      console.log(`  run ${run + 1}: cold ${Math.round(cold.at(-1)?.ms ?? 0)} ms, warm ${Math.round(warm.at(-1)?.ms ?? 0)} ms`);
    }
    return {
      name,
      runs,
      cold: summarise(cold.map((sample) => sample.ms)),
      warm: summarise(warm.map((sample) => sample.ms)),
      coldJsBytes: {
        login: median(cold.map((sample) => sample.login.bytes)),
        tickets: median(cold.map((sample) => sample.tickets.bytes)),
        loginFiles: median(cold.map((sample) => sample.login.files)),
        ticketsFiles: median(cold.map((sample) => sample.tickets.files)),
      },
      warmJsBytes: { login: median(warm.map((sample) => sample.login.bytes)), tickets: median(warm.map((sample) => sample.tickets.bytes)) },
    };
  } finally {
    await browser.close();
    await target.server.stop();
  }
}

if (!existsSync(`${dist}/index.html`)) throw new Error(`No web build in ${dist}: run \`npm run build\` first (or set WEB_DIST).`);
const results: CaseResult[] = [];
for (const name of cases) results.push(await measure(name));

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
console.log(`\nSign in to first ticket row, ms (${runs} runs each), and JavaScript transferred, ${cpus().length} CPUs, ${dist}`);
console.table(
  Object.fromEntries(
    results.map((r) => [
      r.name,
      {
        "cold p50": Math.round(r.cold.p50),
        "cold p95": Math.round(r.cold.p95),
        "warm p50": Math.round(r.warm.p50),
        "warm p95": Math.round(r.warm.p95),
        "JS login (cold)": kB(r.coldJsBytes.login),
        "JS tickets (cold)": kB(r.coldJsBytes.tickets),
        "JS login+tickets (warm)": kB(r.warmJsBytes.login + r.warmJsBytes.tickets),
      },
    ]),
  ),
);
// The website chat widget (decision 0090): one file, its budget 30 kB compressed (issue 32).
const widgetPath = `${dist}/widget.js`;
const widget = existsSync(widgetPath) ? { bytes: readFileSync(widgetPath).length, gzipBytes: gzipSync(readFileSync(widgetPath), { level: 9 }).length } : null;
console.log(widget ? `\nwidget.js: ${kB(widget.bytes)}, ${kB(widget.gzipBytes)} gzip (budget 30 kB)` : "\nwidget.js: not built");
writeResult("web", { when: new Date().toISOString(), machine: { cpus: cpus().length }, dist, unit: "ms", results, widget });
