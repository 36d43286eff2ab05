import { describe, expect, it } from "vitest";
import { delayUntilChange, formatDuration } from "./durations";

const unit = (name: string, value: number) => `${value}${name}`;

describe("formatDuration", () => {
  it("writes the two largest units, skipping an empty second one", () => {
    expect(formatDuration(0, unit)).toBe("0s");
    expect(formatDuration(59.9, unit)).toBe("59s");
    expect(formatDuration(125, unit)).toBe("2m 5s");
    expect(formatDuration(3600 + 59, unit)).toBe("1h");
    expect(formatDuration(86_400 * 2 + 3600 * 3 + 7, unit)).toBe("2d 3h");
  });
});

describe("delayUntilChange", () => {
  const snapshot = { at: "2026-11-27T10:00:00.000Z", nextChangeAt: "2026-11-27T10:01:00.000Z" };
  it("counts the server's lead from when the figures arrived, whatever the browser's clock says", () => {
    expect(delayUntilChange(snapshot, 5_000, 5_000)).toBe(60_000);
    expect(delayUntilChange(snapshot, 5_000, 35_000)).toBe(30_000);
  });
  it("is never negative", () => {
    expect(delayUntilChange(snapshot, 5_000, 500_000)).toBe(0);
  });
});
