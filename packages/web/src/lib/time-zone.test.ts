import { describe, expect, it } from "vitest";
import { isTimeZone, wallClock, zonedMoment } from "./time-zone";

describe("wallClock", () => {
  it("reads a moment on a zone's clock, with its weekday", () => {
    expect(wallClock(new Date("2026-01-04T23:30:00Z"), "Asia/Tokyo")).toEqual({
      year: 2026,
      month: 1,
      day: 5,
      hour: 8,
      minute: 30,
      second: 0,
      weekday: 1,
    });
  });
});

describe("zonedMoment", () => {
  it("turns a zone's local text into the moment", () => {
    expect(zonedMoment("2026-01-05T20:30", "America/Sao_Paulo")?.toISOString()).toBe("2026-01-05T23:30:00.000Z");
    expect(zonedMoment("2026-01-06", "Asia/Tokyo")?.toISOString()).toBe("2026-01-05T15:00:00.000Z");
    expect(zonedMoment("2026-01-05T10:00:30", "Asia/Kolkata")?.toISOString()).toBe("2026-01-05T04:30:30.000Z");
  });

  it("follows daylight saving on both sides of a change", () => {
    // New York: UTC−5 in winter, UTC−4 from 2026-03-08 03:00.
    expect(zonedMoment("2026-03-07T12:00", "America/New_York")?.toISOString()).toBe("2026-03-07T17:00:00.000Z");
    expect(zonedMoment("2026-03-09T12:00", "America/New_York")?.toISOString()).toBe("2026-03-09T16:00:00.000Z");
  });

  it("refuses what is not a local date or date-time", () => {
    expect(zonedMoment("05/01/2026", "Asia/Tokyo")).toBeNull();
    expect(zonedMoment("", "Asia/Tokyo")).toBeNull();
  });
});

describe("isTimeZone", () => {
  it("knows IANA names", () => {
    expect(isTimeZone("America/Sao_Paulo")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});
