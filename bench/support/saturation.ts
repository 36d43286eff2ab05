// Which resource bench:sockets saturates first. Each component's CPU over the measured phase, in
// cores, against what it can use: a node process (an Atendo instance, a client process) and Redis
// run their work on one thread, so one core is their ceiling whatever the machine has; PostgreSQL
// (a backend per connection) and the machine as a whole have every core. The component nearest
// its ceiling is the next limit; on a shared machine the machine's own busy share comes first
// whenever other people's work fills it.
import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import { Redis } from "ioredis";

/** Busy and total jiffies of all cores so far (/proc/stat's first line). */
export function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = fields[3]! + (fields[4] ?? 0); // idle + iowait
  return { busy: total - idle, total };
}

/** The machine's cores busy between two readings (all processes, everyone's). */
export function machineCoresBusy(before: { busy: number; total: number }, after: { busy: number; total: number }): number {
  return ((after.busy - before.busy) / Math.max(1, after.total - before.total)) * cpus().length;
}

/** CPU seconds Redis has used so far (the whole server: other users of it count too), undefined without one. */
export async function redisCpuSeconds(url: string | undefined): Promise<number | undefined> {
  if (!url) return undefined;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const info = await redis.info("cpu");
    const field = (name: string) => Number(info.match(new RegExp(`^${name}:([\\d.]+)`, "m"))?.[1] ?? 0);
    return field("used_cpu_user") + field("used_cpu_sys");
  } catch {
    return undefined;
  } finally {
    redis.disconnect();
  }
}

export interface Load {
  name: string;
  /** Cores used during the phase. */
  cores: number;
  /** The most it can use: 1 for a single-threaded process, the machine's cores otherwise. */
  ceiling: number;
  /** Event-loop delay p99 (ms), for node processes: high when the process is saturated. */
  loopP99?: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Each component's share of its ceiling, busiest first. */
export function rankLoads(loads: Load[]): (Load & { share: number })[] {
  return loads.map((load) => ({ ...load, cores: round2(load.cores), share: round2(load.cores / load.ceiling) })).sort((a, b) => b.share - a.share);
}
