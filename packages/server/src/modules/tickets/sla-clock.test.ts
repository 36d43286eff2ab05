import type { WeeklyHours } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { addOpenMinutes, slaDueTimes } from "./sla-clock.js";

// São Paulo: UTC−3 all year (no daylight saving since 2019). 2026-11-27 is a Friday.
const zone = "America/Sao_Paulo";
const weekdays = { start: "08:00", end: "18:00" };
/** Monday to Friday 08:00–18:00; closed at the weekend. */
const officeHours: WeeklyHours = [[], [weekdays], [weekdays], [weekdays], [weekdays], [weekdays], []];
const at = (iso: string) => new Date(iso);

describe("SLA due times within opening hours (docs/decisions/0080)", () => {
  it("a target that does not fit before Friday's close continues on Monday's opening, across the weekend", () => {
    // Friday 17:30 local + 60 minutes: 30 on Friday, 30 on Monday from 08:00.
    expect(addOpenMinutes(at("2026-11-27T20:30:00Z"), 60, officeHours, zone).toISOString()).toBe("2026-11-30T11:30:00.000Z");
  });

  it("a ticket arriving at the weekend starts its clock at Monday's opening", () => {
    // Saturday 10:00 local + 30 minutes → Monday 08:30 local.
    expect(addOpenMinutes(at("2026-11-28T13:00:00Z"), 30, officeHours, zone).toISOString()).toBe("2026-11-30T11:30:00.000Z");
    // Friday at 18:00 exactly is closed (an interval excludes its end).
    expect(addOpenMinutes(at("2026-11-27T21:00:00Z"), 1, officeHours, zone).toISOString()).toBe("2026-11-30T11:01:00.000Z");
  });

  it("counts several open days, skipping the closed ones, and ends at a close when the time runs out there", () => {
    // Friday 17:00 + 20 open hours: 1 h Friday, 10 h Monday, 9 h Tuesday → Tuesday 17:00 local.
    expect(addOpenMinutes(at("2026-11-27T20:00:00Z"), 20 * 60, officeHours, zone).toISOString()).toBe("2026-12-01T20:00:00.000Z");
    // Monday 08:00 + a whole open week (50 h) → that Friday at 18:00.
    expect(addOpenMinutes(at("2026-11-30T11:00:00Z"), 50 * 60, officeHours, zone).toISOString()).toBe("2026-12-04T21:00:00.000Z");
  });

  it("long targets jump whole weeks and land where walking day by day would", () => {
    // Ten open weeks from Monday 08:00 → the tenth Friday at 18:00 (2027-02-05).
    expect(addOpenMinutes(at("2026-11-30T11:00:00Z"), 10 * 50 * 60, officeHours, zone).toISOString()).toBe("2027-02-05T21:00:00.000Z");
    // The limit, a year of minutes, over a few hours a week: computed, far ahead, without looping on.
    const sparse: WeeklyHours = [[], [{ start: "09:00", end: "10:00" }], [], [], [], [], []];
    const due = addOpenMinutes(at("2026-11-27T20:00:00Z"), 525_600, sparse, zone);
    expect(due.getTime() - Date.parse("2026-11-27T20:00:00Z")).toBeGreaterThan(8760 * 7 * 3_600_000 * 0.99);
  });

  it("overlapping intervals count once; no hours, or hours never open, count plain elapsed time", () => {
    const overlapping: WeeklyHours = [[], [{ start: "08:00", end: "12:00" }, { start: "10:00", end: "14:00" }], [], [], [], [], []];
    // Monday 08:00 + 6 h: 08:00–14:00 is 6 open hours, not 8.
    expect(addOpenMinutes(at("2026-11-30T11:00:00Z"), 360, overlapping, zone).toISOString()).toBe("2026-11-30T17:00:00.000Z");
    expect(addOpenMinutes(at("2026-11-28T13:00:00Z"), 90, null, zone).toISOString()).toBe("2026-11-28T14:30:00.000Z");
    expect(addOpenMinutes(at("2026-11-28T13:00:00Z"), 90, [[], [], [], [], [], [], []], zone).toISOString()).toBe("2026-11-28T14:30:00.000Z");
  });

  it("gives each target of a queue its own due time, none without a target", () => {
    const clock = { firstResponseMinutes: 60, resolutionMinutes: null, businessHours: officeHours, timeZone: zone };
    expect(slaDueTimes(clock, at("2026-11-27T20:30:00Z"))).toEqual({ firstResponseDueAt: at("2026-11-30T11:30:00Z"), resolutionDueAt: null });
    expect(slaDueTimes(null, at("2026-11-27T20:30:00Z"))).toEqual({ firstResponseDueAt: null, resolutionDueAt: null });
  });
});
