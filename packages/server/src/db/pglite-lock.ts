import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

// PGlite is PostgreSQL inside one process: two processes opening one data folder each keep their
// own copy in memory and overwrite each other's writes. The server marks the folder it uses, so
// the admin command (npm run admin) can refuse to touch it while a server runs.

function lockPath(dir: string): string {
  return `${resolve(dir)}.lock`;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Marks a PGlite folder as used by this process; the returned function clears the mark. */
export function markPgliteInUse(dir: string): () => void {
  if (dir.startsWith("memory://")) return () => undefined;
  const path = lockPath(dir);
  writeFileSync(path, String(process.pid));
  return () => {
    try {
      if (readFileSync(path, "utf8") === String(process.pid)) rmSync(path);
    } catch {
      // Already gone.
    }
  };
}

/** The id of another live process that marked this PGlite folder, if any (a stale mark counts as none). */
export function pgliteUsedBy(dir: string): { pid: number; lockFile: string } | undefined {
  const path = lockPath(dir);
  if (!existsSync(path)) return undefined;
  const pid = Number(readFileSync(path, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isRunning(pid)) return undefined;
  return { pid, lockFile: path };
}
