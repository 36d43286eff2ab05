import { limits, periodProblem, readMoment, ticketStatuses, type ReportChartsQuery, type ReportQuery, type TicketStatus } from "@atendo/contracts";
import { dateTimeLocal } from "../../../lib/date-format";
import { wallClock, zonedMoment } from "../../../lib/time-zone";

/** The duration choices of spec §2; the presets count 7, 30 and 60 days (spec §9), today included. */
export const reportPeriods = ["lastWeek", "lastMonth", "lastTwoMonths", "custom"] as const;
export type ReportPeriod = (typeof reportPeriods)[number];
export const presetDays: Record<Exclude<ReportPeriod, "custom">, number> = { lastWeek: 7, lastMonth: 30, lastTwoMonths: 60 };

export const reportStatuses = ["any", ...ticketStatuses] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** What the report shows, kept in the address (`?userId=&queueId=&status=&period=&start=&end=&page=`) so a reload keeps it. */
export interface ReportFilters {
  userId: number | null;
  queueId: number | null;
  status: ReportStatus;
  period: ReportPeriod;
  /** Custom period only: datetime-local texts on the install's clock; an empty end is "now". */
  start: string;
  end: string;
  page: number;
}

export const defaultReportFilters: ReportFilters = { userId: null, queueId: null, status: "any", period: "lastWeek", start: "", end: "", page: 1 };

function positive(text: string | null): number | null {
  return text && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
}

function oneOf<T extends string>(choices: readonly T[], text: string | null, fallback: T): T {
  return choices.find((choice) => choice === text) ?? fallback;
}

export function readReportFilters(params: URLSearchParams): ReportFilters {
  const period = oneOf(reportPeriods, params.get("period"), defaultReportFilters.period);
  const custom = period === "custom";
  return {
    userId: positive(params.get("userId")),
    queueId: positive(params.get("queueId")),
    status: oneOf(reportStatuses, params.get("status"), "any"),
    period,
    start: custom ? (params.get("start") ?? "") : "",
    end: custom ? (params.get("end") ?? "") : "",
    page: positive(params.get("page")) ?? 1,
  };
}

/** The address of `filters`: defaults left out, so the plain /dashboard is last week's report. */
export function writeReportFilters(filters: ReportFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.userId) params.set("userId", String(filters.userId));
  if (filters.queueId) params.set("queueId", String(filters.queueId));
  if (filters.status !== "any") params.set("status", filters.status);
  if (filters.period !== defaultReportFilters.period) params.set("period", filters.period);
  if (filters.period === "custom") {
    params.set("start", filters.start);
    if (filters.end) params.set("end", filters.end);
  }
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/**
 * `filters` after `change`, back on the first page, as the address keeps them (a preset drops the
 * custom fields): what the page shows at once is then what it shows once the address is read back.
 */
export function changeReportFilters(filters: ReportFilters, change: Partial<ReportFilters>): ReportFilters {
  return readReportFilters(writeReportFilters({ ...filters, page: 1, ...change }));
}

/** The period as the server reads it (`startDate`, `endDate`: local texts on the install's clock) and as moments. */
export interface ReportRange {
  startDate: string;
  endDate?: string;
  start: Date;
  end: Date;
}

export type RangeProblem = "startRequired" | "invalidStart" | "invalidEnd" | "endBeforeStart";

/** A custom field's moment: null unless it names a real one of the years the server accepts (contracts `readMoment`). */
function fieldMoment(local: string, zone: string): Date | null {
  return readMoment(local) ? zonedMoment(local, zone) : null;
}

/**
 * The period `filters` name at `now`: a preset starts at midnight of its first day (so its days
 * are whole and the query stays the same all day) and runs to now. A custom one is checked as the
 * server will (docs/decisions/0059), so the page never asks for a period it would refuse.
 */
export function reportRange(filters: ReportFilters, now: Date, zone: string): { range: ReportRange } | { problem: RangeProblem } {
  if (filters.period !== "custom") {
    const today = wallClock(now, zone);
    const first = new Date(Date.UTC(today.year, today.month - 1, today.day - (presetDays[filters.period] - 1)));
    const startDate = first.toISOString().slice(0, 10);
    return { range: { startDate, start: zonedMoment(startDate, zone) ?? now, end: now } };
  }
  if (!filters.start) return { problem: "startRequired" };
  const start = fieldMoment(filters.start, zone);
  if (!start) return { problem: "invalidStart" };
  const end = filters.end ? fieldMoment(filters.end, zone) : now;
  if (!end) return { problem: "invalidEnd" };
  if (periodProblem(start, end, false) === "endBeforeStart") return { problem: "endBeforeStart" };
  return { range: { startDate: filters.start, endDate: filters.end || undefined, start, end } };
}

/** Spec §5 and decision 0059: the charts and the CSV cover at most 60 days (the server refuses longer ones too). */
export function exceedsMaxDays(range: ReportRange): boolean {
  return periodProblem(range.start, range.end, true) === "tooLong";
}

/** The custom period's fields when switching to it: the period shown until then, up to now. */
export function customFrom(range: ReportRange | null, zone: string): Pick<ReportFilters, "start" | "end"> {
  return { start: range ? dateTimeLocal(range.start, zone) : "", end: "" };
}

/** GET /reports/charts's filters. */
export function chartsQuery(filters: ReportFilters, range: ReportRange): ReportChartsQuery {
  return {
    userId: filters.userId ? String(filters.userId) : undefined,
    queueId: filters.queueId ? String(filters.queueId) : undefined,
    status: filters.status === "any" ? undefined : (filters.status satisfies TicketStatus),
    startDate: range.startDate,
    endDate: range.endDate,
  };
}

/** GET /reports/tickets's filters and page (20 a page, spec §9). */
export function ticketsQuery(filters: ReportFilters, range: ReportRange): ReportQuery {
  return { ...chartsQuery(filters, range), pageNumber: String(filters.page), pageSize: String(limits.reportPageSize) };
}
