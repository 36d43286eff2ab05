import { existsSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { advisoryLocks } from "../locks.js";
import { SUPERUSER, type ClusterFolder } from "./cluster-folder.js";
import { DatabaseStartError } from "./errors.js";
import { isZombie, processAlive } from "./process-alive.js";

/**
 * The session-level advisory lock the running Atendo holds on its embedded server (in the
 * `postgres` database) for as long as it runs. A server whose lock is free was left by an Atendo
 * that is gone (the kernel closes a dead process's connections, which releases it); a held lock
 * means another Atendo is using the folder.
 */
const INSTANCE_LOCK = advisoryLocks.embeddedInstance;
/** How long a dead Atendo's lock may stay held (its session ends as soon as PostgreSQL sees the closed socket). */
const RELEASE_GRACE_MS = 10_000;
/** The holder names its process in its session's application_name. */
const holderName = (pid: number) => `atendo-instance-${pid}`;
/** Longest wait for a killed server to exit and be reaped by init before PostgreSQL checks its postmaster.pid. */
const ZOMBIE_REAPED_MS = 30_000;

interface PidFile {
  pid: number;
  port: number;
}

export function readPidFile(pgdata: string): PidFile | undefined {
  try {
    const lines = readFileSync(join(pgdata, "postmaster.pid"), "utf8").split("\n");
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    return pid > 0 && port > 0 ? { pid, port } : undefined;
  } catch {
    return undefined;
  }
}

function anotherAtendo(folder: ClusterFolder, pid: number): DatabaseStartError {
  return new DatabaseStartError(
    `Another Atendo is already running on ${folder.dir} (its PostgreSQL is process ${pid}): stop it first, or give this one its own EMBEDDED_POSTGRES_DIR (or a DATABASE_URL).`,
  );
}

/**
 * Before starting a server on the folder: a server still running there is either another
 * Atendo's (refused, with a message) or one left by an Atendo killed on its own (SIGKILL, OOM):
 * that one is shut down cleanly first, so that there is never a second server on one folder and
 * the new one runs in this Atendo's process group. A stale postmaster.pid of a dead server is
 * left to PostgreSQL, which checks it itself.
 */
export async function takeOverFolder(folder: ClusterFolder, report: (line: string) => void): Promise<void> {
  const leftover = readPidFile(folder.pgdata);
  if (!leftover) return;
  // Asked even when the process id is unknown here: a server of another container on the same
  // folder answers on its port, and PostgreSQL's own check cannot see it.
  const client = new pg.Client({
    host: "127.0.0.1",
    port: leftover.port,
    user: SUPERUSER,
    password: folder.password,
    database: "postgres",
    connectionTimeoutMillis: 5_000,
  });
  client.on("error", () => undefined);
  try {
    await client.connect();
  } catch {
    // Gone (a stale file), or alive but not answering: most often a server killed a moment ago
    // that is still going away (after a SIGKILL to Atendo's process group its processes exit one
    // by one, then stay zombies until init reaps them, which PostgreSQL's own postmaster.pid check
    // takes for alive). It gets the grace period to be gone; one that stays (recovering, or not
    // a server at all) is refused by that check, with a message.
    await until(() => !processAlive(leftover.pid) && !isZombie(leftover.pid), ZOMBIE_REAPED_MS);
    return;
  }
  try {
    const { rows } = await client.query<{ dir: string }>("select current_setting('data_directory') as dir");
    if (!samePath(rows[0]?.dir ?? "", folder.pgdata)) return;
    if (!(await lockFreed(client))) throw anotherAtendo(folder, leftover.pid);
  } finally {
    await client.end().catch(() => undefined);
  }
  if (!processAlive(leftover.pid)) {
    throw new DatabaseStartError(
      `A PostgreSQL server runs on ${folder.dir} (port ${leftover.port}) that is not a process of this machine (another container sharing the folder?): stop it first; a folder serves one Atendo at a time.`,
    );
  }
  report(`A PostgreSQL server left running on ${folder.dir} by an Atendo that did not stop cleanly (process ${leftover.pid}) is shut down first…`);
  process.kill(leftover.pid, "SIGINT");
  await until(() => !processAlive(leftover.pid) || readPidFile(folder.pgdata)?.pid !== leftover.pid || !existsSync(join(folder.pgdata, "postmaster.pid")));
}

/**
 * Takes and releases the lock: free now, or soon if the Atendo holding it is a dead process (its
 * session is about to end). Held by a live Atendo: false at once.
 */
async function lockFreed(client: pg.Client): Promise<boolean> {
  const deadline = Date.now() + RELEASE_GRACE_MS;
  for (;;) {
    const { rows } = await client.query<{ free: boolean }>("select pg_try_advisory_lock($1) as free", [INSTANCE_LOCK]);
    if (rows[0]?.free) {
      await client.query("select pg_advisory_unlock($1)", [INSTANCE_LOCK]);
      return true;
    }
    const holder = await client.query<{ name: string }>(
      `select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.classid = 0 and l.objid = $1 and l.objsubid = 1 and l.granted`,
      [INSTANCE_LOCK],
    );
    const pid = Number(/^atendo-instance-(\d+)$/.exec(holder.rows[0]?.name ?? "")?.[1]);
    if ((pid && processAlive(pid)) || Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Holds the instance lock on this Atendo's own server for as long as the returned session is open.
 * Refused only if another Atendo took over the server in the instant since it started.
 */
export async function holdFolderLock(folder: ClusterFolder, url: string, pid: number): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: holderName(process.pid) });
  client.on("error", () => undefined);
  await client.connect();
  const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [INSTANCE_LOCK]);
  if (!rows[0]?.locked) {
    await client.end();
    throw anotherAtendo(folder, pid);
  }
  return client;
}

function samePath(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

/** Polls until the condition holds, or for at most `limitMs`. */
async function until(condition: () => boolean, limitMs = Number.POSITIVE_INFINITY): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}
