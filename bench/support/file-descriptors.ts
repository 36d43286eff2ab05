// Open-file limits for bench:sockets: every socket is a file descriptor at both ends, so 10,000
// attendants are 10,000 in the client processes and 10,000 over the Atendo instances. A process
// may raise its own soft limit up to its hard one; node has no setrlimit, so the bench asks
// prlimit(1) (util-linux) to do it for each process it starts. Past the hard limit only root (or
// /etc/security/limits.conf, systemd's LimitNOFILE) can help: the bench then stops and says so.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

interface Limit {
  soft: number;
  hard: number;
}

/** The `Max open files` line of /proc/<pid>/limits ("unlimited" counts as infinite). */
export function openFilesLimit(pid: number): Limit {
  const line = readFileSync(`/proc/${pid}/limits`, "utf8").match(/^Max open files\s+(\S+)\s+(\S+)/m);
  if (!line) throw new Error(`no open-files limit in /proc/${pid}/limits`);
  const value = (text: string) => (text === "unlimited" ? Infinity : Number(text));
  return { soft: value(line[1]!), hard: value(line[2]!) };
}

/**
 * Makes sure process `pid` (`who`, for the message) may hold `needed` descriptors: raises its soft
 * limit to `needed` when below (up to the hard limit), throws when the hard limit itself is below.
 */
export function ensureOpenFiles(pid: number, needed: number, who: string): Limit {
  const limit = openFilesLimit(pid);
  if (limit.soft >= needed) return limit;
  if (limit.hard < needed) {
    throw new Error(`${who} needs ${needed} open files, its hard limit is ${limit.hard}: raise it (ulimit -Hn as root, LimitNOFILE=) or run fewer sockets per process`);
  }
  execFileSync("prlimit", [`--pid=${pid}`, `--nofile=${needed}:${limit.hard}`]);
  return openFilesLimit(pid);
}
