import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCoalescer } from "./count-refresh";

describe("count refresh", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs once after a burst settles", () => {
    const run = vi.fn();
    const refresh = createCoalescer(run, 500, 3000);
    for (let i = 0; i < 20; i++) {
      refresh.schedule();
      vi.advanceTimersByTime(50);
    }
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("still runs during an endless burst, at most once per max wait", () => {
    const run = vi.fn();
    const refresh = createCoalescer(run, 500, 2000);
    for (let i = 0; i < 100; i++) {
      refresh.schedule();
      vi.advanceTimersByTime(100);
    }
    // 10 s of events every 100 ms: one run per 2 s, not one per event.
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(4);
    expect(run.mock.calls.length).toBeLessThanOrEqual(5);
  });

  it("runs nothing once cancelled", () => {
    const run = vi.fn();
    const refresh = createCoalescer(run, 500, 2000);
    refresh.schedule();
    refresh.cancel();
    vi.advanceTimersByTime(5000);
    expect(run).not.toHaveBeenCalled();
  });
});
