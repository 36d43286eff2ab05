import { describe, expect, it } from "vitest";
import { waitFor } from "../../test/wait-for.js";
import { ServerWatchdog, type HeldServer } from "./server-watchdog.js";

/** A run that records whether it was stopped. */
function fakeRun(pid: number): HeldServer & { stopped: boolean } {
  const run = {
    pid,
    port: 5999,
    stopped: false,
    async stop() {
      run.stopped = true;
    },
  };
  return run;
}

function watch(first: HeldServer, restart: () => Promise<HeldServer>) {
  const alerts: string[] = [];
  const stoppedBy: string[] = [];
  const watchdog = new ServerWatchdog(first, {
    restart,
    alert: (line) => alerts.push(line),
    onStopped: (reason) => stoppedBy.push(reason),
    backoffMs: (attempt) => (attempt === 1 ? 0 : 60_000),
  });
  return { watchdog, alerts, stoppedBy };
}

describe("the embedded server's watchdog", () => {
  it("starts a killed server again, retrying a failed start, and stops the new run on Atendo's stop", async () => {
    const first = fakeRun(1);
    const second = fakeRun(2);
    let attempts = 0;
    const { watchdog, alerts } = watch(first, async () => {
      attempts++;
      if (attempts === 1) throw new Error("pre-existing shared memory block is still in use");
      return second;
    });
    // One restart at a time: a second report of the death changes nothing. The attempt after the
    // failed one waits a minute here (the backoff given above).
    watchdog.exited("SIGKILL");
    watchdog.exited("SIGKILL");
    await waitFor(() => attempts === 1, "the first attempt");
    expect(alerts[0]).toMatch(/stopped unexpectedly \(SIGKILL\)/);
    await waitFor(() => alerts.length === 2, "the failed attempt said");
    expect(alerts[1]).toMatch(/did not start again \(attempt 1: pre-existing shared memory/);
    // Atendo stops during the backoff: the restart is abandoned, the dead run's stop is called (its lock session).
    await watchdog.stop();
    expect(attempts).toBe(1);
    expect(first.stopped).toBe(true);
    expect(second.stopped).toBe(false);
  });

  it("uses the restarted run: its pid, and its stop", async () => {
    const first = fakeRun(1);
    const second = fakeRun(2);
    const { watchdog, alerts } = watch(first, async () => second);
    watchdog.exited("exit 1");
    await waitFor(() => watchdog.pid() === 2, "the new run");
    expect(alerts[1]).toMatch(/runs again \(process 2\)/);
    await watchdog.stop();
    expect(second.stopped).toBe(true);
  });

  it("respects a clean exit someone else asked for: no restart, the owner is told", async () => {
    let attempts = 0;
    const { watchdog, stoppedBy } = watch(fakeRun(1), async () => {
      attempts++;
      return fakeRun(2);
    });
    watchdog.exited("exit 0");
    expect(stoppedBy).toEqual(["exit 0"]);
    expect(attempts).toBe(0);
    await watchdog.stop();
  });
});
