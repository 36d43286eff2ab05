// CPU time a process (and, separately, its descendants: the embedded PostgreSQL server and its
// backends) has used so far, read from /proc. On a shared machine latencies move with everyone
// else's load; CPU per message mostly does not, so benchmarks report it beside them.
import { readdirSync, readFileSync } from "node:fs";

/** Linux reports utime/stime in USER_HZ ticks, 100 a second on every architecture Node runs on. */
const ticksPerSecond = 100;

interface Stat {
  ppid: number;
  /** utime + stime, in seconds. */
  cpu: number;
  /** utime and stime apart, in seconds. */
  user: number;
  system: number;
  /** cutime + cstime: what its children used that it has reaped (a PostgreSQL backend that ended), in seconds. */
  reaped: number;
}

function statOf(pid: number): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    const user = Number(fields[11]) / ticksPerSecond;
    const system = Number(fields[12]) / ticksPerSecond;
    return { ppid: Number(fields[1]), cpu: user + system, user, system, reaped: (Number(fields[13]) + Number(fields[14])) / ticksPerSecond };
  } catch {
    return undefined;
  }
}

/** User and system CPU seconds used so far by `pid` alone; undefined without /proc. */
export function userSystemSeconds(pid: number): { user: number; system: number } | undefined {
  const stat = statOf(pid);
  return stat && { user: stat.user, system: stat.system };
}

/**
 * CPU seconds used so far by `pid` and by its descendants, those that ended included (counted in
 * their reaper's cutime/cstime: without them a backend ending between two readings made the
 * difference negative); undefined without /proc.
 */
export function cpuSeconds(pid: number): { own: number; descendants: number } | undefined {
  const own = statOf(pid);
  if (!own) return undefined;
  const stats = new Map<number, Stat>();
  for (const name of readdirSync("/proc")) {
    const child = Number(name);
    const stat = Number.isInteger(child) ? statOf(child) : undefined;
    if (stat) stats.set(child, stat);
  }
  const isDescendant = (candidate: number): boolean => {
    for (let at = stats.get(candidate)?.ppid; at !== undefined && at > 1; at = stats.get(at)?.ppid) if (at === pid) return true;
    return false;
  };
  let descendants = own.reaped;
  for (const [child, stat] of stats) if (isDescendant(child)) descendants += stat.cpu + stat.reaped;
  return { own: own.cpu, descendants };
}
