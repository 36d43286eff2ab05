import { readFileSync } from "node:fs";

/**
 * Whether a process with this id is running (one of another user counts: signalling it is
 * refused, not unknown). A zombie is not: it has exited and waits to be reaped by its parent
 * (init, for a server whose Atendo was killed), which can take a moment.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return !isZombie(pid);
}

/** A process that exited and is not reaped yet (Linux; elsewhere unknown, so false). */
export function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (name) S …": the name may hold spaces and parentheses; the state follows the last ")".
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) === "Z";
  } catch {
    return false;
  }
}
