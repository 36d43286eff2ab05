import { describe, expect, it } from "vitest";
import {
  changeReportFilters,
  chartsQuery,
  customFrom,
  defaultReportFilters,
  exceedsMaxDays,
  readReportFilters,
  reportRange,
  ticketsQuery,
  writeReportFilters,
  type ReportFilters,
  type ReportRange,
} from "./report-filters";

const zone = "America/Sao_Paulo";
// 23:30 on 2026-11-23 in São Paulo (UTC−3): still the 23rd in the install, already the 24th in UTC.
const now = new Date("2026-11-24T02:30:00Z");
const filters = (change: Partial<ReportFilters>): ReportFilters => ({ ...defaultReportFilters, ...change });

function rangeOf(value: ReturnType<typeof reportRange>): ReportRange {
  if (!("range" in value)) throw new Error(`no range: ${value.problem}`);
  return value.range;
}

describe("the address of a report", () => {
  it("keeps every filter and reads it back", () => {
    const chosen = filters({ userId: 7, queueId: 3, status: "closed", period: "custom", start: "2026-11-01T08:00", end: "2026-11-20T18:00", page: 2 });
    const params = writeReportFilters(chosen);
    expect(params.toString()).toBe("userId=7&queueId=3&status=closed&period=custom&start=2026-11-01T08%3A00&end=2026-11-20T18%3A00&page=2");
    expect(readReportFilters(params)).toEqual(chosen);
  });

  it("leaves the defaults out, and ignores what it does not know", () => {
    expect(writeReportFilters(defaultReportFilters).toString()).toBe("");
    expect(readReportFilters(new URLSearchParams("userId=abc&queueId=-1&status=lost&period=year&page=0&start=2026-01-01"))).toEqual(defaultReportFilters);
  });
});

describe("changeReportFilters", () => {
  it("builds on the filters given, goes back to the first page, and keeps what the address keeps", () => {
    const custom = filters({ queueId: 3, period: "custom", start: "2026-11-01T08:00", end: "9999-12-31T00:00", page: 2 });
    // Two changes in a row, the second on the first's result: both stay.
    const cleared = changeReportFilters(changeReportFilters(custom, { end: "" }), { start: "" });
    expect(cleared).toEqual(filters({ queueId: 3, period: "custom", start: "", end: "", page: 1 }));
    expect(readReportFilters(writeReportFilters(cleared))).toEqual(cleared);
    // A preset leaves the custom fields out, as reading its address back would.
    expect(changeReportFilters(custom, { period: "lastMonth" })).toEqual(filters({ queueId: 3, period: "lastMonth" }));
    expect(changeReportFilters(custom, { page: 2 }).page).toBe(2);
  });
});

describe("reportRange", () => {
  it("starts a preset at midnight of its first day on the install's clock, today included, up to now", () => {
    const week = rangeOf(reportRange(filters({ period: "lastWeek" }), now, zone));
    expect(week.startDate).toBe("2026-11-17");
    expect(week.endDate).toBeUndefined();
    expect(week.start.toISOString()).toBe("2026-11-17T03:00:00.000Z");
    expect(week.end).toBe(now);
    expect(rangeOf(reportRange(filters({ period: "lastMonth" }), now, zone)).startDate).toBe("2026-10-25");
    expect(rangeOf(reportRange(filters({ period: "lastTwoMonths" }), now, zone)).startDate).toBe("2026-09-25");
  });

  it("reads a custom period on the install's clock; an empty end is now", () => {
    const range = rangeOf(reportRange(filters({ period: "custom", start: "2026-11-01T08:00" }), now, zone));
    expect(range).toEqual({ startDate: "2026-11-01T08:00", endDate: undefined, start: new Date("2026-11-01T11:00:00Z"), end: now });
  });

  it("requires a start, a real date, and an end after the start", () => {
    expect(reportRange(filters({ period: "custom" }), now, zone)).toEqual({ problem: "startRequired" });
    expect(reportRange(filters({ period: "custom", start: "soon" }), now, zone)).toEqual({ problem: "invalidStart" });
    expect(reportRange(filters({ period: "custom", start: "2026-11-10T00:00", end: "2026-11-09T23:59" }), now, zone)).toEqual({
      problem: "endBeforeStart",
    });
  });

  it("never names a period the server refuses: a year outside 2000–2100 or a day that does not exist is invalid", () => {
    const custom = (start: string, end = "") => reportRange(filters({ period: "custom", start, end }), now, zone);
    // Issue 28: an end in year 9999 froze the server.
    expect(custom("2026-11-01T00:00", "9999-12-31T00:00")).toEqual({ problem: "invalidEnd" });
    expect(custom("2026-11-01T00:00", "2101-01-01T00:00")).toEqual({ problem: "invalidEnd" });
    expect(custom("0000-01-01T00:00", "2026-11-01T00:00")).toEqual({ problem: "invalidStart" });
    expect(custom("1999-12-31T23:59")).toEqual({ problem: "invalidStart" });
    expect(custom("2026-02-30T10:00")).toEqual({ problem: "invalidStart" });
    expect(rangeOf(custom("2000-01-01T00:00", "2100-12-31T23:59")).endDate).toBe("2100-12-31T23:59");
  });
});

describe("exceedsMaxDays (the charts and the CSV)", () => {
  it("allows every preset and at most 60 days, refuses more", () => {
    expect(exceedsMaxDays(rangeOf(reportRange(filters({ period: "lastTwoMonths" }), now, zone)))).toBe(false);
    const custom = (start: string, end: string) => rangeOf(reportRange(filters({ period: "custom", start, end }), now, zone));
    expect(exceedsMaxDays(custom("2026-09-01T00:00", "2026-10-31T00:00"))).toBe(false);
    expect(exceedsMaxDays(custom("2026-09-01T00:00", "2026-10-31T00:01"))).toBe(true);
  });
});

describe("queries", () => {
  it("sends the filters as the server reads them, 20 a page, any status as none", () => {
    const chosen = filters({ userId: 7, status: "any", page: 3 });
    const range = rangeOf(reportRange(chosen, now, zone));
    expect(chartsQuery(chosen, range)).toEqual({ userId: "7", queueId: undefined, status: undefined, startDate: "2026-11-17", endDate: undefined });
    expect(ticketsQuery(chosen, range)).toMatchObject({ pageNumber: "3", pageSize: "20" });
  });

  it("starts a custom period where the shown one started", () => {
    const range = rangeOf(reportRange(filters({ period: "lastWeek" }), now, zone));
    expect(customFrom(range, zone)).toEqual({ start: "2026-11-17T00:00", end: "" });
  });
});
