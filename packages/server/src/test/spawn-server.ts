import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("../../../..", import.meta.url).pathname;

export interface SpawnedServer {
  baseUrl: string;
  /** What the process printed on stdout until it was up (first-admin password, demo notice). */
  output: string;
  /** Atendo's process id (with `processGroup`, also its process group's; benchmarks read its memory from /proc). */
  pid: number;
  /** SIGTERM, as a service manager stops it; resolves once it exited, having stopped its embedded PostgreSQL. */
  stop(): Promise<void>;
  /** SIGKILL to the whole process group (Atendo and its embedded PostgreSQL), as a power cut would; needs `processGroup`. */
  kill(): Promise<void>;
}

export interface SpawnOptions {
  /**
   * The data folder (embedded PostgreSQL in `postgres/`, PGlite in `db/`, media in `media/`),
   * kept after stop: several starts on one machine. Default: a temporary one, removed on stop.
   */
  dataDir?: string;
  /** Its own process group, so that `kill()` reaches the embedded PostgreSQL too. */
  processGroup?: boolean;
}

/** A temporary data folder the `postgres` system user can reach (Atendo as root runs PostgreSQL as that user). */
export function makeDataDir(prefix = "atendo-run-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

/** An Atendo process being started: `started` resolves as `spawnServer` does. */
export interface LaunchedServer {
  pid: number;
  /** Whether the process has exited (a start that failed): conditions waited on during the start check it too. */
  exited(): boolean;
  started: Promise<SpawnedServer>;
  /** SIGKILL to the whole process group at any moment of the start; needs `processGroup`. */
  kill(): Promise<void>;
}

/**
 * Starts a real Atendo process (as `npm start` does, minus the web build) on a free port with its
 * own data folder; used by the browser journeys and the benchmarks. Without DATABASE_URL it runs
 * on its embedded PostgreSQL server, started and stopped by the process. The demo connection
 * (and its Support queue) is off unless `DEMO_CONNECTION: "true"` is passed. Resolves when the
 * process says it is running, however long a busy machine takes; rejects if it exits first, with
 * what it printed (stdout and stderr). A caller that must know the address in advance (PUBLIC_URL)
 * passes PORT.
 */
export function spawnServer(env: Record<string, string> = {}, options: SpawnOptions = {}): Promise<SpawnedServer> {
  return launchServer(env, options).started;
}

/** spawnServer, with a handle on the process while it starts (tests that kill a first start). */
export function launchServer(env: Record<string, string> = {}, options: SpawnOptions = {}): LaunchedServer {
  const dataDir = options.dataDir ?? makeDataDir();
  // node itself (not npx) so that SIGTERM reaches the server and it shuts down cleanly.
  const child = spawn(process.execPath, ["--import", "tsx", "packages/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      // The kernel picks a free port; the start-up line names it (no collision between parallel runs).
      PORT: "0",
      HOST: "127.0.0.1",
      EMBEDDED_POSTGRES_DIR: join(dataDir, "postgres"),
      PGLITE_DIR: join(dataDir, "db"),
      MEDIA_DIR: join(dataDir, "media"),
      DATABASE_URL: "",
      REDIS_URL: "",
      // ATENDO_TEST_SERVER_LOG=<file> keeps what spawned servers log, requests included (a flaky journey's evidence).
      LOG_LEVEL: process.env.ATENDO_TEST_SERVER_LOG ? "info" : "warn",
      DEMO_CONNECTION: "false",
      ...env,
    },
    detached: options.processGroup ?? false,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const removeOwnDir = () => {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = async () => {
    if (!options.processGroup) throw new Error("kill() needs { processGroup: true }");
    if (child.exitCode === null && child.signalCode === null) process.kill(-(child.pid ?? 0), "SIGKILL");
    await exited;
  };
  const embeddedPid = join(env.EMBEDDED_POSTGRES_DIR ?? join(dataDir, "postgres"), "pgdata", "postmaster.pid");
  const started = waitForStart(child).then(
    (output): SpawnedServer => ({
      baseUrl: `http://127.0.0.1:${/Atendo is running on http:\/\/localhost:(\d+)/.exec(output)?.[1]}`,
      output,
      pid: child.pid ?? 0,
      async stop() {
        child.kill("SIGTERM");
        await exited;
        // A clean stop of the embedded server removes its postmaster.pid: none may be left running.
        const leftRunning = !env.DATABASE_URL && existsSync(embeddedPid);
        removeOwnDir();
        if (leftRunning) throw new Error(`Atendo stopped and left its embedded PostgreSQL running (${embeddedPid})`);
      },
      kill,
    }),
    (error: unknown) => {
      removeOwnDir();
      throw error;
    },
  );
  // A start killed on purpose is not an unhandled rejection; whoever awaits `started` still sees it.
  started.catch(() => undefined);
  return { pid: child.pid ?? 0, exited: () => child.exitCode !== null || child.signalCode !== null, started, kill };
}

function waitForStart(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    let errors = "";
    const keptLog = process.env.ATENDO_TEST_SERVER_LOG;
    child.stdout?.on("data", (chunk: Buffer) => {
      if (keptLog) appendFileSync(keptLog, chunk);
      output += chunk.toString();
      if (output.includes("Atendo is running")) resolve(output);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
      process.stderr.write(chunk);
    });
    child.once("exit", (code) => reject(Object.assign(new Error(`server exited with ${code}: ${output}${errors}`), { stderr: errors })));
  });
}

/** A JSON call to a spawned server over real HTTP; fails on any status but 2xx, with the answer's text. */
export async function callServer<T>(baseUrl: string, token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
