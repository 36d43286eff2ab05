// bench:sockets' clients spread over child processes (socket-client-worker.ts), each with its
// share of the sockets and its own event loop. A message counts as heard by a process once every
// one of its clients in the message's queue heard it; the process then reports the receive times.
import { fork, type ChildProcess } from "node:child_process";
import { ensureOpenFiles } from "./file-descriptors.js";

/** One attendant's socket: `user` indexes the run's attendants; `base` overrides the instance it connects to. */
export interface WorkerClient {
  user: number;
  queue: number;
  token: string;
  base?: string;
}

/** `socket-io`: socket.io-client, as the web app; `raw`: raw-socket-client.ts, the same protocol without parsing every frame. */
export type ClientKind = "socket-io" | "raw";

/** What the parent asks of a client process. Tracked bodies are `<label>-<queue index>-<n>`. */
export type ToWorker =
  | { type: "connect"; kind: ClientKind; base: string; clients: WorkerClient[]; concurrency: number }
  | { type: "start"; label: string }
  | { type: "stop" }
  | { type: "close" };

/** Receive times, absolute: performance.timeOrigin + performance.now() of the process that heard it. */
export interface HeardMessage {
  body: string;
  times: number[];
}

export type ToParent =
  | { type: "connected"; count: number }
  | { type: "failed"; error: string }
  | { type: "started" }
  | { type: "heard"; messages: HeardMessage[] }
  | { type: "stopped"; messages: HeardMessage[]; partial: HeardMessage[]; strays: number; events: Record<string, number>; loopDelayP99: number; loopDelayMax: number };

export interface PhaseReport {
  /** Deliveries of messages some client of a process never heard (timed out). */
  partial: HeardMessage[];
  strays: number;
  /** Every event the clients heard during the phase, by name. */
  events: Record<string, number>;
  /** Each process's event-loop delay during the phase, ms. */
  loopDelays: { p99: number; max: number }[];
}

const workerPath = new URL("./socket-client-worker.ts", import.meta.url).pathname;
export const absoluteNow = () => performance.timeOrigin + performance.now();

export class SocketClients {
  private onHeard: (message: HeardMessage) => void = () => {};

  private constructor(
    private readonly workers: ChildProcess[],
    /** Per queue index, how many processes hold clients of it. */
    private readonly processesPerQueue: Map<number, number>,
  ) {
    for (const worker of workers) {
      worker.on("message", (message: ToParent) => {
        if (message.type === "heard") for (const heard of message.messages) this.onHeard(heard);
      });
    }
  }

  /** Forks `processes` client processes and connects `clients` over them in contiguous blocks (every process then holds every queue). */
  static async connect(kind: ClientKind, base: string, clients: WorkerClient[], processes: number, concurrency: number): Promise<SocketClients> {
    const workers = Array.from({ length: processes }, () => fork(workerPath, [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] }));
    const blocks = workers.map((_, w) => clients.slice(Math.floor((w * clients.length) / processes), Math.floor(((w + 1) * clients.length) / processes)));
    const processesPerQueue = new Map<number, number>();
    for (const block of blocks) for (const queue of new Set(block.map((client) => client.queue))) processesPerQueue.set(queue, (processesPerQueue.get(queue) ?? 0) + 1);
    const pool = new SocketClients(workers, processesPerQueue);
    try {
      // Each socket is a descriptor, plus node's own and the IPC channel's.
      workers.forEach((worker, w) => ensureOpenFiles(worker.pid!, blocks[w]!.length + 256, `socket client process ${w}`));
      await Promise.all(
        workers.map((worker, w) =>
          pool.ask(worker, { type: "connect", kind, base, clients: blocks[w]!, concurrency: Math.max(1, Math.ceil(concurrency / processes)) }, "connected"),
        ),
      );
    } catch (error) {
      pool.kill();
      throw error;
    }
    return pool;
  }

  /** The client processes' ids (their CPU is read from /proc: on one machine, the clients compete with the server). */
  get pids(): number[] {
    return this.workers.map((worker) => worker.pid ?? 0);
  }

  /** How many processes must report a message of this queue before every attendant of it heard it. */
  processesOf(queue: number): number {
    return this.processesPerQueue.get(queue) ?? 0;
  }

  /** From now on, messages `<label>-…` are tracked; each process's report goes to `onHeard`. */
  async start(label: string, onHeard: (message: HeardMessage) => void): Promise<void> {
    this.onHeard = onHeard;
    await Promise.all(this.workers.map((worker) => this.ask(worker, { type: "start", label }, "started")));
  }

  /** Ends the phase: the last reports go to `onHeard`, what was left incomplete comes back. */
  async stop(): Promise<PhaseReport> {
    const reports = await Promise.all(this.workers.map((worker) => this.ask(worker, { type: "stop" }, "stopped")));
    const report: PhaseReport = { partial: [], strays: 0, events: {}, loopDelays: [] };
    for (const stopped of reports) {
      if (stopped.type !== "stopped") continue;
      for (const heard of stopped.messages) this.onHeard(heard);
      report.partial.push(...stopped.partial);
      report.strays += stopped.strays;
      for (const [name, count] of Object.entries(stopped.events)) report.events[name] = (report.events[name] ?? 0) + count;
      report.loopDelays.push({ p99: stopped.loopDelayP99, max: stopped.loopDelayMax });
    }
    this.onHeard = () => {};
    return report;
  }

  async close(): Promise<void> {
    await Promise.all(
      this.workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.exitCode !== null || !worker.connected) return resolve();
            worker.once("exit", () => resolve());
            worker.send({ type: "close" } satisfies ToWorker);
          }),
      ),
    );
  }

  private kill(): void {
    for (const worker of this.workers) worker.kill();
  }

  /** Sends `message` and resolves with the worker's answer of type `answer` (rejects on a failure or an exit). */
  private ask(worker: ChildProcess, message: ToWorker, answer: ToParent["type"]): Promise<ToParent> {
    return new Promise((resolve, reject) => {
      const onMessage = (reply: ToParent) => {
        if (reply.type !== answer && reply.type !== "failed") return;
        cleanUp();
        if (reply.type === "failed") reject(new Error(`socket client process: ${reply.error}`));
        else resolve(reply);
      };
      const onExit = (code: number | null) => {
        cleanUp();
        reject(new Error(`socket client process exited with ${code}`));
      };
      const cleanUp = () => {
        worker.off("message", onMessage);
        worker.off("exit", onExit);
      };
      worker.on("message", onMessage);
      worker.once("exit", onExit);
      worker.send(message);
    });
  }
}
