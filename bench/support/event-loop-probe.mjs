// Bench-only hook, loaded into a server process with NODE_OPTIONS="--import <this file>" (see
// server-loop-delay.ts): the server's own event-loop delay, without a route or code in the server.
// SIGUSR2 writes the delay since the previous signal to BENCH_LOOP_PROBE_FILE and starts over,
// with the resident set and the live memory (V8 heap in use + buffers outside it) after a full
// garbage collection when the server runs with --expose-gc (bench:sockets' memory per socket).
// With BENCH_CPU_PROFILE_DIR, also a CPU profile of the same span (`--cpu-prof` is refused in
// NODE_OPTIONS): <dir>/<pid>-<reading>.cpuprofile. Plain JavaScript: it runs before tsx is registered.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.BENCH_LOOP_PROBE_FILE;
const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let sequence = 0;
  const profiler = profileDir ? new Session() : undefined;
  if (profiler) {
    profiler.connect();
    profiler.post("Profiler.enable");
    profiler.post("Profiler.start");
  }
  process.on("SIGUSR2", () => {
    sequence++;
    const ms = (ns) => Math.round(ns / 1e4) / 100;
    const figures = { sequence, p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max), mean: ms(delay.mean) };
    // Before the reset: the collection's pause falls in no reading.
    if (typeof globalThis.gc === "function") {
      globalThis.gc();
      const { rss, heapUsed, external } = process.memoryUsage();
      Object.assign(figures, { rssAfterGc: rss, liveAfterGc: heapUsed + external });
    }
    delay.reset();
    profiler?.post("Profiler.stop", (error, result) => {
      if (!error) writeFileSync(join(profileDir, `${process.pid}-${sequence}.cpuprofile`), JSON.stringify(result.profile));
      profiler.post("Profiler.start");
    });
    writeFileSync(file, JSON.stringify(figures));
  });
}
