// `npm test`: lint, type checks, unit and server tests on the embedded PostgreSQL server (the one
// Atendo starts without DATABASE_URL: one server for the run, a database per test file), the
// server tests again on the PostgreSQL server at TEST_DATABASE_URL when reachable, then the
// browser journeys, with the PostgreSQL run alongside them (it would otherwise add ~7 minutes to a
// run the journeys leave two cores mostly idle for). Ends with "N passed, N failed".
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const pgUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const redisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
const results = [];
const out = mkdtempSync(join(tmpdir(), "atendo-test-"));

function reachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function check(name, command, args) {
  console.log(`\n▶ ${name}`);
  const run = spawnSync(command, args, { stdio: "inherit" });
  results.push({ name, passed: run.status === 0 ? 1 : 0, failed: run.status === 0 ? 0 : 1 });
}

function vitestArgs(name, projects) {
  const file = join(out, `${name.replace(/\W+/g, "-")}.json`);
  const args = ["vitest", "run", ...projects.flatMap((p) => ["--project", p]), "--reporter=default", "--reporter=json", `--outputFile.json=${file}`];
  return { file, args };
}

function vitest(name, projects, env = {}) {
  console.log(`\n▶ ${name}`);
  const { file, args } = vitestArgs(name, projects);
  const run = spawnSync("npx", args, { stdio: "inherit", env: { ...process.env, ...env } });
  record(name, file, run.status);
}

/**
 * A vitest run in the background, its output kept in a file and printed whole once it ends (two
 * runs interleaving their lines would be unreadable). Resolves when the result is recorded.
 */
function vitestInBackground(name, projects, env = {}) {
  console.log(`\n▶ ${name} (in the background, output below when it ends)`);
  const { file, args } = vitestArgs(name, projects);
  const log = join(out, `${name.replace(/\W+/g, "-")}.log`);
  const fd = openSync(log, "w");
  const child = spawn("npx", args, { stdio: ["ignore", fd, fd], env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on("close", (status) => {
      console.log(`\n▶ ${name}: output\n${readFileSync(log, "utf8")}`);
      record(name, file, status);
      resolve();
    });
  });
}

function record(name, file, status) {
  try {
    const report = JSON.parse(readFileSync(file, "utf8"));
    const failed = report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
    results.push({ name, passed: report.numPassedTests, failed, failures: failuresOf(report) });
  } catch {
    results.push({ name, passed: 0, failed: 1 });
  }
}

/**
 * The failed tests of a vitest JSON report, one line each: printed again in the summary, since a
 * CI log is often read from its tail and the failure itself scrolled away long before it.
 */
function failuresOf(report) {
  const root = process.cwd() + "/";
  return report.testResults.flatMap((file) => {
    const where = file.name.replace(root, "");
    const tests = file.assertionResults.filter((test) => test.status === "failed");
    const firstLine = (messages) => (messages?.[0] ?? "").split("\n")[0].slice(0, 200);
    if (tests.length === 0 && file.status === "failed") return [`${where}: ${firstLine([file.message])}`];
    return tests.map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages)}`);
  });
}

/** The last warnings and errors (pino levels ≥ 40) a spawned server logged, one line each. */
function printServerTrouble(file) {
  let lines = [];
  try {
    lines = readFileSync(file, "utf8").split("\n").filter((line) => /^\{"level":[4-6]\d,/.test(line));
  } catch {
    return;
  }
  console.log(`\nThe journeys' servers' last warnings and errors (${lines.length} in all, ${file}):`);
  for (const line of lines.slice(-60)) console.log(`  ${line.slice(0, 500)}`);
}

const redis = await reachable(redisUrl);
const postgres = await reachable(pgUrl);
const redisEnv = redis ? { TEST_REDIS_URL: redisUrl } : {};
if (!redis) console.log(`Redis is not reachable at ${redisUrl}: the two-instance real-time test is not run.`);

check("lint", "npx", ["eslint", "."]);
for (const pkg of ["packages/contracts", "packages/server", "packages/web", "e2e", "bench", "scripts"]) {
  check(`typecheck ${pkg}`, "npx", ["tsc", "-p", pkg]);
}
// Empty, not inherited: with TEST_DATABASE_URL set in the environment this run would go to that server too.
vitest("unit and server (embedded PostgreSQL)", ["contracts", "repo", "web", "server"], { ...redisEnv, TEST_DATABASE_URL: "" });
const onPostgres = postgres
  ? vitestInBackground("server (PostgreSQL)", ["server"], { ...redisEnv, TEST_DATABASE_URL: pgUrl })
  : console.log(`PostgreSQL is not reachable at ${pgUrl}: the server suite ran on the embedded server only.`);
check("web build", "npm", ["run", "build", "-w", "@atendo/web"]);
// What each route downloads, against its budget (docs/decisions/0043-web-delivery.md).
check("web budgets", "npx", ["tsx", "scripts/web-budgets.ts"]);
// The journeys' servers keep their logs here; when a journey fails, their warnings and errors are printed (a CI log is all one gets).
const journeyServerLog = join(out, "journey-servers.log");
vitest("browser journeys", ["e2e"], { ATENDO_TEST_SERVER_LOG: journeyServerLog });
if (results.at(-1).failed) printServerTrouble(journeyServerLog);
await onPostgres;

console.log("\nSummary:");
for (const r of results) {
  console.log(`  ${r.failed ? "✗" : "✓"} ${r.name}: ${r.passed} passed, ${r.failed} failed`);
  for (const failure of r.failures ?? []) console.log(`      ✗ ${failure}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
