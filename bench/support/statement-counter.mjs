// Bench-only hook, loaded into a server process with NODE_OPTIONS="--import <this file>" (see
// statement-count.ts): counts every statement the process sends to PostgreSQL (each
// `pg.Client#query`: BEGIN and COMMIT, prepared statements, drizzle's and the pool's alike), by
// its text's start, and writes the running totals to BENCH_STATEMENT_COUNT_FILE every 250 ms.
// Round trips per message survive a noisy machine where latencies do not. Plain JavaScript: it
// runs before tsx is registered.
import { renameSync, writeFileSync } from "node:fs";
import { setInterval } from "node:timers";
import { isMainThread } from "node:worker_threads";

const file = process.env.BENCH_STATEMENT_COUNT_FILE;
// The main thread only: NODE_OPTIONS also loads this file into tsx's loader thread, which sends
// no statement, and whose writes of an empty count raced the main thread's on the same file.
if (file && isMainThread) {
  // Imported as the server imports it (ESM, before tsx's hooks): the same module instance, so the
  // patched prototype is the one its pool's clients use (a `require` here gets another copy under tsx).
  const { default: pg } = await import("pg");
  const byText = new Map();
  let total = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function counted(config, ...rest) {
    const text = typeof config === "string" ? config : (config?.text ?? "");
    // The statement's kind and first table: enough to tell them apart, few enough keys.
    const key = text.replace(/\s+/g, " ").trim().slice(0, 90);
    total++;
    byText.set(key, (byText.get(key) ?? 0) + 1);
    return query.call(this, config, ...rest);
  };
  // Written aside and renamed: a reader never sees half a file.
  const timer = setInterval(() => {
    writeFileSync(`${file}.part`, JSON.stringify({ total, byText: Object.fromEntries(byText) }));
    renameSync(`${file}.part`, file);
  }, 250);
  timer.unref();
}
