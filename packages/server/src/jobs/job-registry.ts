import { isDatabaseUnavailable } from "../core/db-errors.js";
import type { FastifyBaseLogger } from "fastify";

/** A piece of background work of one app: started after the server listens, stopped first on shutdown. */
export interface Job {
  readonly name: string;
  start(): void;
  /** Resolves once a run in progress has finished; no run starts afterwards. */
  stop(): Promise<void>;
  /** Reports each run's outcome to `observer` from now on (periodic jobs; the metrics). */
  observe?(observer: JobObserver): void;
}

/** Hears how each run of a job ended (the job runs and failures metrics). */
export type JobObserver = (name: string, outcome: "ok" | "failed") => void;

export interface PeriodicOptions {
  intervalMs: number;
  /** Runs once at start (the recovery sweep: what a crash left behind), else first one interval after. */
  runAtStart?: boolean;
}

/**
 * A job that calls `run` every `intervalMs`. The next run is scheduled when one ends, so runs
 * never overlap; a failed run is logged and the schedule goes on.
 */
export function periodicJob(name: string, log: FastifyBaseLogger, options: PeriodicOptions, run: () => Promise<unknown>): Job {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let active = false;
  let observer: JobObserver | undefined;
  const once = () =>
    run().then(
      () => observer?.(name, "ok"),
      (error: unknown) => {
        // The database away: every job fails alike until it is back (docs/decisions/0100); one line each, no stack.
        if (isDatabaseUnavailable(error)) log.warn({ job: name, reason: (error as Error).message }, "job run failed: database unavailable");
        else log.error({ err: error, job: name }, "job run failed");
        observer?.(name, "failed");
      },
    );
  const schedule = () => {
    if (!active) return;
    timer = setTimeout(() => {
      running = once().then(schedule);
    }, options.intervalMs);
    timer.unref();
  };
  return {
    name,
    start() {
      if (active) return;
      active = true;
      if (options.runAtStart) running = once().then(schedule);
      else schedule();
    },
    async stop() {
      active = false;
      clearTimeout(timer);
      await running;
    },
    observe(next) {
      observer = next;
    },
  };
}

/**
 * Every job of one app, in one place (jobs/jobs.ts lists them): main.ts starts them once the
 * server listens and the drivers run, and stops them first on shutdown (app close stops them
 * too). Tests start the one they exercise by name.
 */
export class JobRegistry {
  private readonly started = new Set<Job>();

  constructor(private readonly jobs: readonly Job[]) {}

  /** Every job that reports its runs reports them to `observer` (the metrics). */
  observe(observer: JobObserver): void {
    for (const job of this.jobs) job.observe?.(observer);
  }

  names(): string[] {
    return this.jobs.map((job) => job.name);
  }

  /** Starts the named jobs, or all of them; one already running is left alone. */
  start(...names: string[]): void {
    const unknown = names.filter((name) => !this.jobs.some((job) => job.name === name));
    if (unknown.length > 0) throw new Error(`no such job: ${unknown.join(", ")}`);
    for (const job of this.jobs) {
      if (this.started.has(job) || (names.length > 0 && !names.includes(job.name))) continue;
      this.started.add(job);
      job.start();
    }
  }

  /** Stops every started job, waiting for the runs in progress. */
  async stop(): Promise<void> {
    const stopping = [...this.started];
    this.started.clear();
    await Promise.all(stopping.map((job) => job.stop()));
  }
}
