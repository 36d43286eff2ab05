import { timing } from "@atendo/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { dismissToast, getQueue, readingTimeMs, toast } from "./toast";

const queue = getQueue;

afterEach(() => {
  for (const item of queue()) dismissToast(item.id);
});

describe("toast durations", () => {
  it("keeps an error long enough to read it, longer for longer texts, within 6–15 s", () => {
    expect(readingTimeMs("Oops", timing.toastErrorMs)).toBe(6_000);
    expect(readingTimeMs("x".repeat(100), timing.toastErrorMs)).toBe(10_000);
    expect(readingTimeMs("x".repeat(1000), timing.toastErrorMs)).toBe(15_000);
  });

  it("gives errors and warnings their reading time, successes the spec's time", () => {
    toast.error("Incomplete or invalid information.");
    toast.warning("Careful");
    toast.success("Saved");
    const [error, warning, success] = queue();
    expect(error?.durationMs).toBe(readingTimeMs("Incomplete or invalid information.", timing.toastErrorMs));
    expect(error?.durationMs).toBeGreaterThanOrEqual(6_000);
    expect(warning?.durationMs).toBeGreaterThanOrEqual(6_000);
    expect(success?.durationMs).toBe(timing.toastSuccessMs);
  });
});
