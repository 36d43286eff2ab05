import { describe, expect, it } from "vitest";
import { addDays, dayOf, isTimeZone, momentOfLocal, wallClockAt } from "./zoned-time.js";

describe("wallClockAt", () => {
  it("reads a moment on a zone's clock, with its weekday", () => {
    expect(wallClockAt(new Date("2026-01-04T23:30:00.250Z"), "Asia/Tokyo")).toEqual({
      year: 2026,
      month: 1,
      day: 5,
      hour: 8,
      minute: 30,
      second: 0,
      millisecond: 250,
      weekday: 1,
    });
  });

  it("reads midnight as hour 0", () => {
    expect(wallClockAt(new Date("2026-01-05T03:00:00Z"), "America/Sao_Paulo").hour).toBe(0);
  });
});

describe("momentOfLocal", () => {
  it("turns a zone's local text into the moment", () => {
    expect(momentOfLocal("2026-01-05T20:30", "America/Sao_Paulo")?.toISOString()).toBe("2026-01-05T23:30:00.000Z");
    expect(momentOfLocal("2026-01-06", "Asia/Tokyo")?.toISOString()).toBe("2026-01-05T15:00:00.000Z");
    expect(momentOfLocal("2026-01-05T10:00:30", "Asia/Kolkata")?.toISOString()).toBe("2026-01-05T04:30:30.000Z");
  });

  it("follows daylight saving on both sides of a change", () => {
    // New York: UTC−5 in winter, UTC−4 from 2026-03-08 03:00.
    expect(momentOfLocal("2026-03-07T12:00", "America/New_York")?.toISOString()).toBe("2026-03-07T17:00:00.000Z");
    expect(momentOfLocal("2026-03-09T12:00", "America/New_York")?.toISOString()).toBe("2026-03-09T16:00:00.000Z");
    // 02:30 does not exist that night: read as 03:30, after the jump.
    expect(momentOfLocal("2026-03-08T02:30", "America/New_York")?.toISOString()).toBe("2026-03-08T07:30:00.000Z");
  });

  it("refuses what is not a local date or date-time", () => {
    expect(momentOfLocal("05/01/2026", "Asia/Tokyo")).toBeNull();
    expect(momentOfLocal("", "Asia/Tokyo")).toBeNull();
  });
});

describe("days", () => {
  it("names the day of a moment in a zone and counts days across months", () => {
    expect(dayOf(new Date("2026-01-31T23:30:00Z"), "Asia/Tokyo")).toBe("2026-02-01");
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});

describe("isTimeZone", () => {
  it("knows IANA names", () => {
    expect(isTimeZone("America/Sao_Paulo")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});
