import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { waitFor } from "../test/wait-for.js";
import { JobRegistry, periodicJob, type Job } from "./job-registry.js";

const errors: unknown[] = [];
const log = { error: (details: unknown) => errors.push(details) } as unknown as FastifyBaseLogger;

/** A job that counts its starts and stops. */
function probe(name: string) {
  const calls: string[] = [];
  const job: Job = { name, start: () => calls.push("start"), stop: async () => void calls.push("stop") };
  return { job, calls };
}

describe("job registry", () => {
  it("starts every job, or only the named ones, each once; stop stops those started", async () => {
    const a = probe("a");
    const b = probe("b");
    const registry = new JobRegistry([a.job, b.job]);
    expect(registry.names()).toEqual(["a", "b"]);
    expect(() => registry.start("c")).toThrow(/no such job: c/);
    registry.start("b");
    registry.start();
    registry.start();
    expect([a.calls, b.calls]).toEqual([["start"], ["start"]]);
    await registry.stop();
    await registry.stop();
    expect([a.calls, b.calls]).toEqual([
      ["start", "stop"],
      ["start", "stop"],
    ]);
  });

  it("runs a periodic job again after each run ends, logs a failed run and goes on, and waits for the run in progress on stop", async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const job = periodicJob("probe", log, { intervalMs: 1, runAtStart: true }, async () => {
      runs += 1;
      if (runs === 2) throw new Error("run failed");
      if (runs === 3) await new Promise<void>((resolve) => (release = resolve));
    });
    job.start();
    expect(runs).toBe(1); // runAtStart: at once
    await waitFor(() => runs === 3, "the third run");
    expect(errors).toEqual([expect.objectContaining({ job: "probe" })]);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(runs).toBe(3);
  });

  it("runs a job without runAtStart first one interval after its start", async () => {
    let runs = 0;
    const job = periodicJob("later", log, { intervalMs: 60_000 }, async () => void (runs += 1));
    job.start();
    await Promise.resolve();
    expect(runs).toBe(0);
    await job.stop();
    expect(runs).toBe(0);
  });

  it("reports each periodic run's outcome to the registry's observer (the metrics)", async () => {
    const outcomes: string[] = [];
    let runs = 0;
    const job = periodicJob("observed", log, { intervalMs: 1, runAtStart: true }, async () => {
      runs += 1;
      if (runs === 2) throw new Error("run failed");
    });
    const registry = new JobRegistry([job, probe("plain").job]);
    registry.observe((name, outcome) => outcomes.push(`${name}:${outcome}`));
    registry.start();
    await waitFor(() => outcomes.length >= 3, "three runs");
    await registry.stop();
    expect(outcomes.slice(0, 3)).toEqual(["observed:ok", "observed:failed", "observed:ok"]);
  });
});
