import { describe, expect, it } from "vitest";
import type { AppError } from "../../core/app-error.js";
import { parseMoment, periodDays, reportPeriod } from "./report-period.js";

const newYork = "America/New_York";
const iso = (text: string, zone: string) => parseMoment(text, zone).toISOString();

describe("report moments", () => {
  it("reads local forms on the install's clock, across daylight-saving changes", () => {
    expect(iso("2026-07-01", newYork)).toBe("2026-07-01T04:00:00.000Z");
    expect(iso("2026-12-01T09:30", newYork)).toBe("2026-12-01T14:30:00.000Z");
    expect(iso("2026-03-08T01:59:59", newYork)).toBe("2026-03-08T06:59:59.000Z");
    // 02:30 does not exist on 8 March 2026 there (clocks jump from 02:00 to 03:00): the moment after.
    expect(iso("2026-03-08T03:00", newYork)).toBe("2026-03-08T07:00:00.000Z");
    expect(iso("2026-11-01T12:00:00.250", newYork)).toBe("2026-11-01T17:00:00.250Z");
    expect(iso("2026-10-01", "Asia/Kolkata")).toBe("2026-09-30T18:30:00.000Z");
  });

  it("takes a moment with an offset as given", () => {
    expect(iso("2026-10-02T15:00:00+03:00", newYork)).toBe("2026-10-02T12:00:00.000Z");
    expect(iso("2026-10-02T15:00-0130", newYork)).toBe("2026-10-02T16:30:00.000Z");
    expect(iso("2026-10-02T15:00:00.5Z", newYork)).toBe("2026-10-02T15:00:00.500Z");
  });

  it("refuses readings that name no real moment, or a year outside 2000–2100 (ERR_INVALID_DATE)", () => {
    const refused = ["2026-02-29", "2026-04-31T10:00", "2026-10-01T24:00", "2026-10-01T10:60", "01/10/2026", "0000-01-01", "1999-12-31T23:59", "2101-01-01", "9999-12-31"];
    for (const text of refused) {
      expect(() => parseMoment(text, newYork), text).toThrow(expect.objectContaining({ code: "ERR_INVALID_DATE" }));
    }
    expect(iso("2000-01-01", "UTC")).toBe("2000-01-01T00:00:00.000Z");
    expect(iso("2100-12-31T23:59:59", "UTC")).toBe("2100-12-31T23:59:59.000Z");
  });
});

describe("report periods", () => {
  const now = new Date("2026-11-24T18:00:00Z");

  it("needs a start, ends now by default, and lists its days on the install's clock", () => {
    expect(() => reportPeriod({}, newYork, now, false)).toThrow(expect.objectContaining({ code: "ERR_NO_DATE_SPECIFIED" }));
    expect(() => reportPeriod({ startDate: "" }, newYork, now, false)).toThrow(expect.objectContaining({ code: "ERR_NO_DATE_SPECIFIED" }));
    const period = reportPeriod({ startDate: "2026-11-20T22:00" }, newYork, now, true);
    expect(period.end).toEqual(now);
    expect(periodDays(period)).toEqual(["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"]);
    // 18:00 UTC is 13:00 in New York, 03:00 the next day in Tokyo.
    expect(periodDays(reportPeriod({ startDate: "2026-11-24" }, "Asia/Tokyo", now, true))).toEqual(["2026-11-24", "2026-11-25"]);
  });

  it("refuses an end before the start, and past 60 days × 24 h only when bounded (charts, CSV)", () => {
    const code = (query: { startDate: string; endDate?: string }, bounded: boolean) => {
      try {
        reportPeriod(query, newYork, now, bounded);
        return "accepted";
      } catch (error) {
        return (error as AppError).code;
      }
    };
    expect(code({ startDate: "2026-11-25" }, false)).toBe("ERR_PERIOD_END_BEFORE_START");
    expect(code({ startDate: "2026-10-10", endDate: "2026-10-09T23:59" }, false)).toBe("ERR_PERIOD_END_BEFORE_START");
    // Exactly 60 days, then one second more.
    expect(code({ startDate: "2026-09-01", endDate: "2026-10-31" }, true)).toBe("accepted");
    expect(code({ startDate: "2026-09-01", endDate: "2026-10-31T00:00:01" }, true)).toBe("ERR_REPORT_RANGE_TOO_LONG");
    expect(code({ startDate: "2026-09-01", endDate: "2026-11-30" }, false)).toBe("accepted");
  });
});
