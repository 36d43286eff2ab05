import { mkdirSync, writeFileSync } from "node:fs";

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export function summarise(samplesMs: number[]): LatencySummary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    count: sorted.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1) ?? 0),
    mean: round(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length)),
  };
}

/** Writes a result file under bench/results and prints where. */
export function writeResult(name: string, result: unknown): void {
  const dir = new URL("../results/", import.meta.url);
  mkdirSync(dir, { recursive: true });
  const file = new URL(`${name}.json`, dir);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwritten ${file.pathname}`);
}

/** Times `count` sequential calls of `fn`, after `warmup` untimed ones. */
export async function time(count: number, fn: () => Promise<void>, warmup = 50): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

/** a / b to two decimals: how the benchmarks compare two figures of one run. */
export function ratio(a: number, b: number): number {
  return Math.round((a / b) * 100) / 100;
}
