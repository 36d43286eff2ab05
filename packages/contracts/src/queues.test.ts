import { describe, expect, it } from "vitest";
import { createQueueBody, queueColorPresets } from "./queues.js";

describe("queue colours", () => {
  it("offers 18 distinct presets as upper-case #RRGGBB", () => {
    expect(queueColorPresets).toHaveLength(18);
    expect(new Set(queueColorPresets).size).toBe(18);
    for (const color of queueColorPresets) expect(color).toMatch(/^#[0-9A-F]{6}$/);
  });

  it("stores any accepted colour in upper case", () => {
    expect(createQueueBody.parse({ name: "Sales", color: " #a1b2c3 " }).color).toBe("#A1B2C3");
  });
});
