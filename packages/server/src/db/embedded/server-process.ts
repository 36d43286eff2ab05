import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readSync, renameSync, statSync } from "node:fs";
import { createServer } from "node:net";
import pg from "pg";
import type { PostgresBinaries } from "./binaries.js";
import { SUPERUSER, type ClusterFolder } from "./cluster-folder.js";
import { DatabaseStartError } from "./errors.js";
import type { RunAs } from "./system-user.js";

export interface ServerProcess {
  port: number;
  pid: number;
  /** A URL on this server for the named database. */
  url(database: string): string;
  /** Fast shutdown (sessions ended, a checkpoint written); resolves when the server has exited. */
  stop(): Promise<void>;
}

/** Started once the log grows past this: the previous one is kept as postgres.log.1. */
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;
const BIND_ATTEMPTS = 5;

/**
 * Starts PostgreSQL on the folder, on a free loopback port (no Unix socket: nothing to collide
 * with, and the same on every platform), and resolves when it accepts connections, however long
 * a crash recovery takes; rejects with a one-line message if the server exits first.
 *
 * The server is a child in Atendo's process group: a Ctrl+C or a kill of the group reaches it too.
 * `onUnexpectedExit` is called if it stops while Atendo still runs.
 */
export async function startServer(
  folder: ClusterFolder,
  binaries: PostgresBinaries,
  runAs: RunAs | undefined,
  onUnexpectedExit: (reason: string) => void,
  /** The port to listen on (a restart keeps the one its clients know); default: a free one. */
  fixedPort?: number,
): Promise<ServerProcess> {
  rotateLog(folder.logFile);
  for (let attempt = 1; ; attempt++) {
    const port = fixedPort ?? (await freePort());
    const logOffset = fileSize(folder.logFile);
    const logFd = openSync(folder.logFile, "a", 0o600);
    const child = spawn(binaries.postgres, serverArgs(folder.pgdata, port), {
      cwd: folder.dir,
      env: { ...process.env, LC_ALL: "C", LANG: "C" },
      ...runAs,
      stdio: ["ignore", logFd, logFd],
    });
    closeSync(logFd);
    // Atendo ending (process.exit, a signal during start-up) stops its server too; a SIGKILL
    // cannot, and the next start shuts such a leftover down (folder-lock.ts).
    const onAtendoExit = () => child.kill("SIGINT");
    process.once("exit", onAtendoExit);
    const exited = new Promise<string>((resolve) => {
      child.once("error", (error) => resolve(error.message));
      child.once("exit", (code, signal) => resolve(signal ?? `exit ${code}`));
    }).finally(() => process.removeListener("exit", onAtendoExit));
    const url = (database: string) => `postgres://${SUPERUSER}:${encodeURIComponent(folder.password)}@127.0.0.1:${port}/${database}`;
    const outcome = await Promise.race([exited.then((reason) => ({ reason })), untilAccepting(url("postgres"), exited)]);
    if (outcome === "ready") return running(child, port, url, exited, onUnexpectedExit);

    const log = readFrom(folder.logFile, logOffset);
    if (/could not bind|address already in use/i.test(log) && attempt < BIND_ATTEMPTS && fixedPort === undefined) continue;
    throw startFailure(folder, log, outcome.reason);
  }
}

function serverArgs(pgdata: string, port: number): string[] {
  const settings = {
    listen_addresses: "127.0.0.1",
    port: String(port),
    unix_socket_directories: "",
    // The defaults, stated: an acknowledged write is on disk (issue 12: a power cut keeps it).
    fsync: "on",
    synchronous_commit: "on",
    full_page_writes: "on",
    // Failed statements hold customers' messages: the log names the error, not the statement.
    log_min_error_statement: "panic",
    log_error_verbosity: "terse",
  };
  return ["-D", pgdata, ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`])];
}

function running(child: ChildProcess, port: number, url: (database: string) => string, exited: Promise<string>, onUnexpectedExit: (reason: string) => void): ServerProcess {
  let stopping = false;
  void exited.then((reason) => {
    if (!stopping) onUnexpectedExit(reason);
  });
  return {
    port,
    pid: child.pid ?? 0,
    url,
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
      await exited;
    },
  };
}

/** Polls until the server answers a query (the condition), or the process exits. */
async function untilAccepting(url: string, exited: Promise<string>): Promise<"ready"> {
  let gone = false;
  void exited.then(() => (gone = true));
  while (!gone) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.query("select 1");
      return "ready";
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return new Promise(() => undefined); // the exit wins the race
}

function startFailure(folder: ClusterFolder, log: string, reason: string): DatabaseStartError {
  const lines = log.split("\n").filter((line) => /FATAL|PANIC|ERROR/.test(line));
  const last = (lines.at(-1) ?? log.trim().split("\n").at(-1) ?? reason).replace(/^.*?(FATAL|PANIC|ERROR):\s*/, "");
  if (/lock file .* already exists/.test(log)) {
    return new DatabaseStartError(
      `Another PostgreSQL server is running on ${folder.dir} (${last}): stop the Atendo that started it, or give this one its own EMBEDDED_POSTGRES_DIR. If none runs, delete ${folder.pgdata}/postmaster.pid.`,
    );
  }
  return new DatabaseStartError(`The embedded PostgreSQL in ${folder.dir} did not start (${last}); its log is ${folder.logFile}. Restore the folder from a backup, or move it away to start with an empty database.`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

function rotateLog(path: string): void {
  if (fileSize(path) > LOG_ROTATE_BYTES) renameSync(path, `${path}.1`);
}

function readFrom(path: string, offset: number): string {
  const size = fileSize(path);
  const start = Math.max(offset, size - 64 * 1024);
  const buffer = Buffer.alloc(Math.max(0, size - start));
  const fd = openSync(path, "r");
  try {
    readSync(fd, buffer, 0, buffer.length, start);
  } finally {
    closeSync(fd);
  }
  return buffer.toString("utf8");
}
