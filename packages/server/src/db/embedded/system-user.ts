import { execFile } from "node:child_process";
import { statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { promisify } from "node:util";
import { DatabaseStartError } from "./errors.js";

const run = promisify(execFile);

/** The user the PostgreSQL programs run as, when it is not Atendo's own. */
export interface RunAs {
  uid: number;
  gid: number;
}

const USER = "postgres";

async function idsOf(user: string): Promise<RunAs | undefined> {
  try {
    const [uid, gid] = await Promise.all([run("id", ["-u", user]), run("id", ["-g", user])]);
    return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL refuses to run as root. Atendo started as root (a container, a quick server) runs it
 * as the system user `postgres`, created when missing; any other user runs it as itself.
 */
export async function postgresRunAs(): Promise<RunAs | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const existing = await idsOf(USER);
  if (existing) return existing;
  await run("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", USER]).catch(() => undefined);
  const created = await idsOf(USER);
  if (!created) {
    throw new DatabaseStartError(
      `Atendo runs as root and PostgreSQL refuses to: create a system user named "${USER}" (useradd --system ${USER}), run Atendo as another user, or set DATABASE_URL.`,
    );
  }
  return created;
}

/**
 * The folder must be reachable by the `postgres` user: every folder above it must let others pass
 * (the x bit), or initdb fails with a bare "permission denied". Said before trying, by name.
 */
export function assertReachable(folder: string, runAs: RunAs | undefined): void {
  if (!runAs) return;
  for (let dir = dirname(resolve(folder)); ; dir = dirname(dir)) {
    let stat;
    try {
      stat = statSync(dir);
    } catch {
      stat = undefined; // not created yet: created below with the right mode
    }
    if (stat && stat.uid !== runAs.uid && (stat.mode & 0o001) === 0 && !(stat.gid === runAs.gid && stat.mode & 0o010)) {
      throw new DatabaseStartError(
        `The embedded PostgreSQL runs as the system user "${USER}" (Atendo runs as root) and cannot reach ${folder}: ${dir} is closed to other users. Open it (chmod o+x ${dir}) or choose another EMBEDDED_POSTGRES_DIR.`,
      );
    }
    if (dir === dirname(dir)) return;
  }
}
