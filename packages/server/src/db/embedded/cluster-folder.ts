import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import type { PostgresBinaries } from "./binaries.js";
import { DatabaseStartError } from "./errors.js";
import { processAlive } from "./process-alive.js";
import { assertReachable, type RunAs } from "./system-user.js";

/** The superuser initdb creates; Atendo connects as it (the server is Atendo's alone). */
export const SUPERUSER = "postgres";

/**
 * An embedded PostgreSQL folder (EMBEDDED_POSTGRES_DIR):
 *   pgdata/        the PostgreSQL cluster (owned by the user PostgreSQL runs as)
 *   password       the superuser's generated password (0600)
 *   postgres.log   the server's own log
 */
export interface ClusterFolder {
  dir: string;
  pgdata: string;
  password: string;
  logFile: string;
}

const initSuffix = ".init-";

/**
 * The folder, created on the first start. Creation is atomic: initdb writes into a sibling
 * `<dir>.init-<pid>` folder that is renamed to `<dir>` once complete and synced, so a crash at any
 * moment leaves either no `<dir>` (the next start begins again and removes the abandoned
 * sibling) or a complete one.
 */
export async function ensureClusterFolder(dir: string, binaries: PostgresBinaries, runAs: RunAs | undefined, report: (line: string) => void): Promise<ClusterFolder> {
  removeAbandonedInits(dir);
  if (!existsSync(dir)) {
    report(`Creating the embedded PostgreSQL database in ${dir}…`);
    await initCluster(dir, binaries, runAs);
  }
  return readClusterFolder(dir, binaries);
}

/** Opens an existing folder; anything that is not one Atendo can start is said in one line. */
export function readClusterFolder(dir: string, binaries: PostgresBinaries): ClusterFolder {
  const pgdata = join(dir, "pgdata");
  const afresh = `move it away to start with an empty database, or restore the folder from a backup`;
  let major: number;
  let password: string;
  try {
    major = Number.parseInt(readFileSync(join(pgdata, "PG_VERSION"), "utf8"), 10);
    password = readFileSync(join(dir, "password"), "utf8").trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "EACCES" ? "permission denied" : code === "ENOENT" ? "pgdata/PG_VERSION or password is missing" : String(code);
    throw new DatabaseStartError(`${dir} cannot be opened as Atendo's embedded PostgreSQL folder (${why}): ${afresh}.`);
  }
  if (major !== binaries.major) {
    throw new DatabaseStartError(
      `${dir} holds a PostgreSQL ${major} database and this Atendo runs PostgreSQL ${binaries.major}: start the Atendo version that created it and move the data with pg_dump (README, "Moving to another PostgreSQL server").`,
    );
  }
  return { dir, pgdata, password, logFile: join(dir, "postgres.log") };
}

async function initCluster(dir: string, binaries: PostgresBinaries, runAs: RunAs | undefined): Promise<void> {
  const parent = dirname(dir);
  mkdirSync(parent, { recursive: true });
  assertReachable(dir, runAs);
  const temp = `${dir}${initSuffix}${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  // Others may pass through (the `postgres` user when Atendo runs as root); the files inside are 0600/0700.
  mkdirSync(temp, { mode: 0o711 });
  chmodSync(temp, 0o711);
  const pgdata = join(temp, "pgdata");
  mkdirSync(pgdata, { mode: 0o700 });
  const password = randomBytes(24).toString("base64url");
  // initdb reads the password from a file, as the user PostgreSQL runs as.
  const pwfile = join(temp, "initdb-password");
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    chownSync(pgdata, runAs.uid, runAs.gid);
    chownSync(pwfile, runAs.uid, runAs.gid);
  }
  try {
    await runInitdb(binaries.initdb, pgdata, pwfile, runAs, temp);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
  rmSync(pwfile);
  writeFileSync(join(temp, "password"), `${password}\n`, { mode: 0o600 });
  syncPath(join(temp, "password"));
  syncPath(temp);
  try {
    renameSync(temp, dir);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    // Another Atendo starting at the same moment created it first: use theirs.
    if (existsSync(dir)) return;
    throw error;
  }
  syncPath(parent);
}

function runInitdb(initdb: string, pgdata: string, pwfile: string, runAs: RunAs | undefined, cwd: string): Promise<void> {
  const args = [
    `--pgdata=${pgdata}`,
    `--username=${SUPERUSER}`,
    `--pwfile=${pwfile}`,
    "--auth=scram-sha-256",
    "--encoding=UTF8",
    // Collation and case rules built into PostgreSQL (code-point order, Unicode case mapping for
    // ILIKE and lower()): the same on every platform and stable across upgrades, unlike the
    // operating system's locales.
    "--locale-provider=builtin",
    "--builtin-locale=C.UTF-8",
    "--locale=C",
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(initdb, args, { cwd, env: { ...process.env, LC_ALL: "C", LANG: "C" }, ...runAs, stdio: ["ignore", "pipe", "pipe"] });
    // Atendo stopped during the first start: initdb stops too (its half-made folder is removed next time).
    const onAtendoExit = () => child.kill();
    process.once("exit", onAtendoExit);
    child.once("exit", () => process.removeListener("exit", onAtendoExit));
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", (error) => reject(new DatabaseStartError(`The embedded PostgreSQL could not be created (initdb: ${error.message}): set DATABASE_URL to use a PostgreSQL server.`)));
    child.once("exit", (code, signal) => {
      if (code === 0) return resolve();
      const last = output.trim().split("\n").filter(Boolean).slice(-2).join(" / ");
      reject(new DatabaseStartError(`The embedded PostgreSQL could not be created in ${dirname(pgdata)} (initdb ${signal ?? `exit ${code}`}: ${last}).`));
    });
  });
}

/** `<dir>.init-<pid>` folders of first starts that crashed (their process is gone). */
function removeAbandonedInits(dir: string): void {
  const parent = dirname(dir);
  const prefix = `${basename(dir)}${initSuffix}`;
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (Number.isInteger(pid) && pid !== process.pid && processAlive(pid)) continue;
    rmSync(join(parent, name), { recursive: true, force: true });
  }
}

/** fsync a file or a folder (a rename is durable once its folder is synced); folders cannot be opened on Windows. */
function syncPath(path: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    fsyncSync(fd);
  } catch {
    // best effort where the platform does not allow it
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
