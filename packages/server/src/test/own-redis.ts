import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/**
 * A redis-server of the test's own on a free port, which the test may kill and start again (an
 * outage) — never the shared Redis other people's tests use. Needs the `redis-server` binary.
 */
export interface OwnRedis {
  url: string;
  /** Starts it (again) on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** SIGKILL, as a crash or a cut network would end it; resolves once it exited. */
  kill(): Promise<void>;
}

/** A port nothing listens on now (the kernel's pick, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const own: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    start() {
      // No persistence: what it held dies with it, as in an outage that loses Redis's memory.
      const started = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "pipe"] });
      child = started;
      return new Promise((resolve, reject) => {
        let output = "";
        started.stdout?.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes("Ready to accept connections")) resolve();
        });
        started.once("error", reject);
        started.once("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
      });
    },
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGKILL");
      await exited;
    },
  };
  await own.start();
  return own;
}
