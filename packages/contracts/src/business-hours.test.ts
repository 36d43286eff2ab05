import { describe, expect, it } from "vitest";
import { isOpenAt, weekTime } from "./business-hours.js";
import type { WeeklyHours } from "./destinations.js";

const weekdaysNineToSix: WeeklyHours = [[], ...Array.from({ length: 5 }, () => [{ start: "09:00", end: "18:00" }]), []];

describe("opening hours", () => {
  it("reads the wall clock of the install's time zone, not UTC", () => {
    // Monday 2026-11-23 11:30 UTC is 08:30 in São Paulo (UTC-3).
    const at = new Date("2026-11-23T11:30:00Z");
    expect(weekTime(at, "America/Sao_Paulo")).toEqual({ day: 1, time: "08:30" });
    expect(isOpenAt(weekdaysNineToSix, "America/Sao_Paulo", at)).toBe(false);
    expect(isOpenAt(weekdaysNineToSix, "UTC", at)).toBe(true);
  });

  it("opens at the start minute and closes at the end minute", () => {
    expect(isOpenAt(weekdaysNineToSix, "America/Sao_Paulo", new Date("2026-11-23T12:00:00Z"))).toBe(true); // 09:00
    expect(isOpenAt(weekdaysNineToSix, "America/Sao_Paulo", new Date("2026-11-23T20:59:00Z"))).toBe(true); // 17:59
    expect(isOpenAt(weekdaysNineToSix, "America/Sao_Paulo", new Date("2026-11-23T21:00:00Z"))).toBe(false); // 18:00
  });

  it("takes the day in the time zone: late Friday there is already Saturday in UTC", () => {
    const lateFriday = [[], [], [], [], [], [{ start: "20:00", end: "24:00" }], []] satisfies WeeklyHours;
    // Saturday 2026-11-28 01:00 UTC is Friday 22:00 in São Paulo.
    expect(isOpenAt(lateFriday, "America/Sao_Paulo", new Date("2026-11-28T01:00:00Z"))).toBe(true);
    expect(isOpenAt(lateFriday, "UTC", new Date("2026-11-28T01:00:00Z"))).toBe(false);
  });

  it("is always open without hours", () => {
    expect(isOpenAt(null, "UTC", new Date())).toBe(true);
  });
});
