import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A real small filesystem (tmpfs) for a test to fill: writes to it fail with ENOSPC as on a full
 * disk. Mounting needs root (CAP_SYS_ADMIN), as the test machine and CI run; a run without it
 * fails here, saying so, rather than testing something else.
 */
export interface SmallDisk {
  dir: string;
  /** Bytes still free for files. */
  free(): number;
  /** Fills it with a filler file until only `leaveBytes` are free (0: full). */
  fill(leaveBytes?: number): void;
  /** Removes the filler: space again. */
  empty(): void;
  /** The names in it, the filler left out. */
  files(): string[];
  unmount(): void;
}

const filler = ".filler";

export function mountSmallDisk(sizeBytes = 512 * 1024): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), "atendo-small-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeBytes},mode=0755`, "tmpfs", dir], { stdio: "pipe" });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not mount a tmpfs for the full-disk test (it needs root): ${String((error as { stderr?: unknown }).stderr ?? error)}`);
  }
  const free = () => {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  };
  return {
    dir,
    free,
    fill(leaveBytes = 0) {
      rmSync(join(dir, filler), { force: true });
      const size = free() - leaveBytes;
      try {
        writeFileSync(join(dir, filler), Buffer.alloc(size));
      } catch (error) {
        // Asked to fill it whole: the write that hits the end is the point.
        if ((error as { code?: string }).code !== "ENOSPC" || leaveBytes > 0) throw error;
      }
    },
    empty() {
      rmSync(join(dir, filler), { force: true });
    },
    files: () => readdirSync(dir).filter((name) => name !== filler),
    unmount() {
      execFileSync("umount", ["-l", dir], { stdio: "pipe" });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
