import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("../../../..", import.meta.url).pathname;

export interface SpawnedServer {
  baseUrl: string;
  /** The server process (benchmarks read its memory from /proc). */
  pid: number;
  /** What the process printed on stdout until it was up (first-admin password, demo notice). */
  output: string;
  stop(): Promise<void>;
}

/**
 * Starts a real Atendo process (as `npm start` does, minus the web build) on a free port with its
 * own data folder; used by the browser journeys and the benchmarks. The demo connection (and its
 * Support queue) is off unless `DEMO_CONNECTION: "true"` is passed. Resolves when the process says
 * it is running, however long a busy machine takes; rejects if it exits first. A caller that must
 * know the address in advance (PUBLIC_URL) passes PORT.
 */
export async function spawnServer(env: Record<string, string> = {}): Promise<SpawnedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "atendo-run-"));
  // node itself (not npx) so that SIGTERM reaches the server and it shuts down cleanly.
  const child = spawn(process.execPath, ["--import", "tsx", "packages/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      // The kernel picks a free port; the start-up line names it (no collision between parallel runs).
      PORT: "0",
      HOST: "127.0.0.1",
      PGLITE_DIR: join(dataDir, "db"),
      MEDIA_DIR: join(dataDir, "media"),
      DATABASE_URL: "",
      REDIS_URL: "",
      LOG_LEVEL: "warn",
      DEMO_CONNECTION: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const output = await waitForStart(child);
  const port = /Atendo is running on http:\/\/localhost:(\d+)/.exec(output)?.[1];
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    output,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function waitForStart(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Atendo is running")) resolve(output);
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}
