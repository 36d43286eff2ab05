import { wallClockAt } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { nextOccurrence, occurrenceAt } from "./schedule-recurrence.js";

const iso = (date: Date) => date.toISOString();
const clock = (date: Date, zone: string) => {
  const { year, month, day, hour, minute } = wallClockAt(date, zone);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")} ${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
};

describe("scheduled message recurrence (install's clock)", () => {
  it("keeps a daily 09:00 at 09:00 in Lisbon across both daylight-saving changes (the UTC moment moves an hour)", () => {
    const zone = "Europe/Lisbon";
    // 09:00 WET (UTC+0) on 2026-03-27; summer time starts 2026-03-29 01:00 UTC.
    const anchor = new Date("2026-03-27T09:00:00Z");
    const days = [0, 1, 2, 3].map((n) => occurrenceAt(anchor, { every: "day", interval: 1 }, n, zone));
    expect(days.map(iso)).toEqual(["2026-03-27T09:00:00.000Z", "2026-03-28T09:00:00.000Z", "2026-03-29T08:00:00.000Z", "2026-03-30T08:00:00.000Z"]);
    expect(days.map((d) => clock(d, zone))).toEqual(["2026-03-27 09:00", "2026-03-28 09:00", "2026-03-29 09:00", "2026-03-30 09:00"]);
    // And back: summer time ends 2026-10-25 01:00 UTC.
    const autumn = new Date("2026-10-24T08:00:00Z");
    expect([0, 1].map((n) => iso(occurrenceAt(autumn, { every: "day", interval: 1 }, n, zone)))).toEqual(["2026-10-24T08:00:00.000Z", "2026-10-25T09:00:00.000Z"]);
  });

  it("keeps a weekly one on its weekday and time in São Paulo when the zone's offset changes (2018's summer time)", () => {
    const zone = "America/Sao_Paulo";
    // Brazil moved its clocks forward on 2018-11-04 00:00 (-03:00 → -02:00).
    const anchor = new Date("2018-10-29T12:30:00Z"); // 09:30 local, a Monday
    const weeks = [0, 1, 2].map((n) => occurrenceAt(anchor, { every: "week", interval: 1 }, n, zone));
    expect(weeks.map((d) => clock(d, zone))).toEqual(["2018-10-29 09:30", "2018-11-05 09:30", "2018-11-12 09:30"]);
    expect(weeks.map(iso)).toEqual(["2018-10-29T12:30:00.000Z", "2018-11-05T11:30:00.000Z", "2018-11-12T11:30:00.000Z"]);
  });

  it("moves a time the clock skips forward by the jump (00:30 on São Paulo's 2018-11-04 is 01:30)", () => {
    const zone = "America/Sao_Paulo";
    const anchor = new Date("2018-11-03T03:30:00Z"); // 00:30 local
    expect(clock(occurrenceAt(anchor, { every: "day", interval: 1 }, 1, zone), zone)).toBe("2018-11-04 01:30");
    expect(clock(occurrenceAt(anchor, { every: "day", interval: 1 }, 2, zone), zone)).toBe("2018-11-05 00:30");
  });

  it("sends a monthly one on the 31st on the last day of shorter months, and on the 31st again after them", () => {
    const zone = "UTC";
    const anchor = new Date("2027-01-31T10:00:00Z");
    const months = [0, 1, 2, 3, 12, 13].map((n) => iso(occurrenceAt(anchor, { every: "month", interval: 1 }, n, zone)).slice(0, 10));
    expect(months).toEqual(["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2028-01-31", "2028-02-29"]);
    expect(iso(occurrenceAt(anchor, { every: "month", interval: 3 }, 1, zone)).slice(0, 10)).toBe("2027-04-30");
  });

  it("steps over sendings missed while stopped, and ends after `until` (inclusive)", () => {
    const anchor = new Date("2027-01-01T09:00:00Z");
    const rule = { every: "day" as const, interval: 2, until: new Date("2027-01-09T09:00:00Z") };
    expect(nextOccurrence(anchor, rule, 0, "UTC", new Date("2027-01-01T09:00:01Z"))).toEqual({ sendAt: new Date("2027-01-03T09:00:00Z"), occurrence: 1 });
    expect(nextOccurrence(anchor, rule, 0, "UTC", new Date("2027-01-06T12:00:00Z"))).toEqual({ sendAt: new Date("2027-01-07T09:00:00Z"), occurrence: 3 });
    expect(nextOccurrence(anchor, rule, 3, "UTC", new Date("2027-01-07T09:00:01Z"))).toEqual({ sendAt: new Date("2027-01-09T09:00:00Z"), occurrence: 4 });
    expect(nextOccurrence(anchor, rule, 4, "UTC", new Date("2027-01-09T09:00:01Z"))).toBeNull();
  });
});
