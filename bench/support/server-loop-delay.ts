// A server process's event-loop delay between two readings, through event-loop-probe.mjs (no
// route, no server code: a bench-only preload). `probeEnv` goes into the server's environment;
// with it the server also runs with --expose-gc, so that each reading comes with the resident set
// after a full collection.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const probe = new URL("./event-loop-probe.mjs", import.meta.url).pathname;

export interface LoopDelay {
  sequence: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
  /** Resident set (bytes) right after a full garbage collection at this reading. */
  rssAfterGc?: number;
  /** What is live then (bytes): V8 heap in use + memory outside it held by JavaScript objects (buffers). */
  liveAfterGc?: number;
}

/** The environment that loads the probe; each server of a run gets its own `name`, hence its own file. */
export function probeEnv(name: string): Record<string, string> {
  const file = join(tmpdir(), `atendo-loop-${process.pid}-${name}.json`);
  rmSync(file, { force: true });
  return { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --expose-gc --import ${probe}`.trim(), BENCH_LOOP_PROBE_FILE: file };
}

function read(file: string): LoopDelay | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as LoopDelay;
  } catch {
    return undefined; // caught mid-write: the next poll reads it whole
  }
}

/** Signals the server and waits for its answer: the delay since the previous reading (the first call starts the count). */
export async function readLoopDelay(pid: number, env: Record<string, string>): Promise<LoopDelay> {
  const file = env.BENCH_LOOP_PROBE_FILE!;
  // Removed first: the file that appears next is this reading (not an earlier run's, nor the last one).
  rmSync(file, { force: true });
  process.kill(pid, "SIGUSR2");
  const deadline = performance.now() + 10_000;
  for (;;) {
    const figures = read(file);
    if (figures) return figures;
    if (performance.now() > deadline) throw new Error(`no event-loop reading from server ${pid} in ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Removes the probe's file once its server is done. */
export function removeProbeFile(env: Record<string, string>): void {
  if (env.BENCH_LOOP_PROBE_FILE) rmSync(env.BENCH_LOOP_PROBE_FILE, { force: true });
}
