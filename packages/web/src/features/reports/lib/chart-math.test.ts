import { describe, expect, it } from "vitest";
import { axisTicks, dayLabels, formatSeconds, heatLevel, labelStep } from "./chart-math";

describe("axisTicks", () => {
  it("steps by round numbers up to the maximum", () => {
    expect(axisTicks(17)).toEqual([0, 5, 10, 15, 20]);
    expect(axisTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(axisTicks(230)).toEqual([0, 100, 200, 300]);
    expect(axisTicks(0)).toEqual([0, 1]);
  });
});

describe("labelStep", () => {
  it("skips labels that would overlap", () => {
    expect(labelStep(7, 600, 40)).toBe(1);
    expect(labelStep(60, 400, 40)).toBe(6);
    expect(labelStep(0, 400, 40)).toBe(1);
  });
});

describe("heatLevel", () => {
  it("gives none to empty cells and the top level to the busiest", () => {
    expect(heatLevel(0, 10, 4)).toBe(0);
    expect(heatLevel(1, 10, 4)).toBe(1);
    expect(heatLevel(6, 10, 4)).toBe(3);
    expect(heatLevel(10, 10, 4)).toBe(4);
  });
});

describe("formatSeconds", () => {
  const unit = (name: string, value: number) => `${value}${name}`;

  it("writes the two largest units", () => {
    expect(formatSeconds(0, unit)).toBe("0s");
    expect(formatSeconds(45.4, unit)).toBe("45s");
    expect(formatSeconds(125, unit)).toBe("2m 5s");
    expect(formatSeconds(3725, unit)).toBe("1h 2m");
    expect(formatSeconds(3600, unit)).toBe("1h");
    expect(formatSeconds(90_061, unit)).toBe("1d 1h");
  });
});

describe("dayLabels", () => {
  it("writes a report day short and in full, with its weekday", () => {
    expect(dayLabels("2026-11-24")).toEqual({ short: "24/11", full: "24/11/2026", weekday: 2 });
  });
});
