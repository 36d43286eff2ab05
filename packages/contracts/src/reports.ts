import { z } from "zod";
import { pageNumber, positiveId, positiveWholeText } from "./common.js";
import { acceptedYears, readMoment } from "./dates.js";
import { failsWith, type ErrorCode } from "./errors.js";
import { languages, limits } from "./limits.js";
import { tag } from "./tags.js";
import { ticketStatuses } from "./tickets.js";

/**
 * A report's moment: an ISO timestamp with offset (`2026-11-24T09:00:00Z`), or the local
 * `yyyy-mm-ddThh:mm[:ss]` a datetime-local field gives, or a day `yyyy-mm-dd` (its start); both
 * local forms are read in the install's time zone (`TIME_ZONE`). A real moment of the years
 * `limits.dateYears` (400 ERR_INVALID_DATE); `""` is a start not chosen (ERR_NO_DATE_SPECIFIED,
 * as when absent).
 */
export const reportMoment = z
  .string()
  .trim()
  .refine((text) => text === "" || readMoment(text) !== null, failsWith("ERR_INVALID_DATE", `not an ISO date or date-time of the years ${acceptedYears}`));

/** Why a report may not cover a period (its codes: `periodProblemCodes`). */
export type PeriodProblem = "endBeforeStart" | "tooLong";

export const periodProblemCodes = {
  endBeforeStart: "ERR_PERIOD_END_BEFORE_START",
  tooLong: "ERR_REPORT_RANGE_TOO_LONG",
} as const satisfies Record<PeriodProblem, ErrorCode>;

const DAY_MS = 86_400_000;

/**
 * The period rule (docs/decisions/0059): the end is not before the start; the charts and the CSV
 * cover at most `limits.reportMaxDays` days (`end − start ≤ 60 × 24 h`; `bounded`), the table any
 * period of the accepted years. The server checks the moments it read on the install's clock,
 * the web the moments its fields name, before asking.
 */
export function periodProblem(start: Date, end: Date, bounded: boolean): PeriodProblem | null {
  if (end.getTime() < start.getTime()) return "endBeforeStart";
  if (bounded && end.getTime() - start.getTime() > limits.reportMaxDays * DAY_MS) return "tooLong";
  return null;
}

/**
 * GET /reports/tickets (spec §7, admins only): tickets created in `[startDate, endDate]`, newest
 * first, narrowed by attendant, queue and status (absent or empty: any). `startDate` is required
 * (400 ERR_NO_DATE_SPECIFIED); `endDate` defaults to now and may not be before the start (400
 * ERR_PERIOD_END_BEFORE_START). `action=download` answers a CSV of every matching ticket instead of
 * a page (headers in `language`, dates in the install's time zone), refused past
 * `limits.reportMaxDays` days (400 ERR_REPORT_RANGE_TOO_LONG).
 */
export const reportQuery = z.object({
  userId: z.union([positiveId, z.literal("")]).optional(),
  queueId: z.union([positiveId, z.literal("")]).optional(),
  status: z.union([z.enum(ticketStatuses), z.literal(""), z.literal("any")]).optional(),
  startDate: reportMoment.optional(),
  endDate: reportMoment.optional(),
  pageNumber,
  pageSize: positiveWholeText(100).default(limits.reportPageSize),
  action: z.literal("download").optional(),
  language: z.enum(languages).default("en"),
});
export type ReportQuery = z.input<typeof reportQuery>;

/**
 * Whether a ticket met an SLA target (issue 30, docs/decisions/0080): `met` by its due time,
 * `breached` after it (or still running past it), `running` before it; null: no target.
 */
export const slaOutcomes = ["met", "breached", "running"] as const;
export type SlaOutcome = (typeof slaOutcomes)[number];
export const reportSla = z.object({ firstResponse: z.enum(slaOutcomes).nullable(), resolution: z.enum(slaOutcomes).nullable() });

/** One row of the report table (spec §2): the connection's name as it was if it was deleted since. */
export const reportTicket = z.object({
  id: z.number(),
  status: z.enum(ticketStatuses),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
  connection: z.object({ id: z.number().nullable(), name: z.string() }),
  /** Null once the contact was deleted: the ticket is still counted, with nothing that identified the customer (docs/decisions/0062). */
  contact: z.object({ id: z.number(), name: z.string(), number: z.string() }).nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** The customer's answer to the satisfaction survey (issue 30), when they gave one. */
  rating: z.object({ score: z.number(), comment: z.string().nullable() }).nullable(),
  /** Its SLA targets' outcomes (issue 30). */
  sla: reportSla,
});
export type ReportTicket = z.infer<typeof reportTicket>;

export const reportPage = z.object({ count: z.number(), tickets: z.array(reportTicket) });
export type ReportPage = z.infer<typeof reportPage>;

/** GET /reports/charts: the same filters as the table (no paging, no download); at most `limits.reportMaxDays` days, like the CSV. */
export const reportChartsQuery = reportQuery.pick({ userId: true, queueId: true, status: true, startDate: true, endDate: true });
export type ReportChartsQuery = z.input<typeof reportChartsQuery>;

/** A day of the period, in the install's time zone. */
export const reportDay = z.object({
  day: z.iso.date(),
  /** Tickets created that day. */
  created: z.number(),
  /** Tickets closed that day. */
  resolved: z.number(),
  /**
   * Messages written that day, in tickets of the report's attendant, queue and status: from
   * customers, and sent by the team (Atendo's automatic texts left out).
   */
  messagesIn: z.number(),
  messagesOut: z.number(),
});
export type ReportDay = z.infer<typeof reportDay>;

/** Durations in seconds of one attendant's or queue's tickets: median and 90th percentile. */
export const reportDurations = z.object({
  id: z.number().nullable(),
  name: z.string(),
  count: z.number(),
  medianSeconds: z.number(),
  p90Seconds: z.number(),
});
export type ReportDurations = z.infer<typeof reportDurations>;

/** One attendant's or queue's satisfaction: how many of their tickets were rated, and the average score. */
export const reportRatingGroup = z.object({ id: z.number().nullable(), name: z.string(), count: z.number(), average: z.number() });
export type ReportRatingGroup = z.infer<typeof reportRatingGroup>;

/**
 * The satisfaction survey's answers (issue 30, docs/decisions/0081) among the report's tickets:
 * how many were rated, the average score (null: none), how many gave each score 1…5
 * (`distribution[0]` is the 1s), and per attendant and per queue (the ticket's current ones).
 */
export const reportSatisfaction = z.object({
  count: z.number(),
  average: z.number().nullable(),
  distribution: z.array(z.number()).length(5),
  byUser: z.array(reportRatingGroup),
  byQueue: z.array(reportRatingGroup),
});
export type ReportSatisfaction = z.infer<typeof reportSatisfaction>;
/** Of one attendant's or queue's tickets with a target decided (met or breached), how many met it. */
const slaShare = z.object({ met: z.number(), breached: z.number() });

/**
 * SLA compliance of one attendant's or queue's tickets (issue 30; `id` null: none): per target,
 * the tickets that met it and those that missed it (still running before their due time: in
 * neither). The share within target is met / (met + breached).
 */
export const reportSlaShares = z.object({ id: z.number().nullable(), name: z.string(), firstResponse: slaShare, resolution: slaShare });
export type ReportSlaShares = z.infer<typeof reportSlaShares>;

/**
 * The charts above the report (issue 15): conversations per day, first-response and resolution
 * times per attendant and per queue (`id` null: none), and new tickets by hour of the week
 * (`weekday` 0 Sunday … 6, `hour` 0–23, install time zone; only cells with tickets).
 */
export const reportCharts = z.object({
  timeZone: z.string(),
  days: z.array(reportDay),
  firstResponse: z.object({ byUser: z.array(reportDurations), byQueue: z.array(reportDurations) }),
  resolution: z.object({ byUser: z.array(reportDurations), byQueue: z.array(reportDurations) }),
  busiestHours: z.array(z.object({ weekday: z.number().int().min(0).max(6), hour: z.number().int().min(0).max(23), count: z.number() })),
  /**
   * The report's tickets (created in the period, same filters) carrying each label, most first; a
   * ticket with two labels counts in both, labels on none of them are left out (docs/decisions/0075).
   */
  ticketsPerTag: z.array(tag.extend({ count: z.number() })),
  satisfaction: reportSatisfaction,
  /** SLA compliance per attendant and per queue, over the report's tickets with a target (issue 30). */
  sla: z.object({ byUser: z.array(reportSlaShares), byQueue: z.array(reportSlaShares) }),
});
export type ReportCharts = z.infer<typeof reportCharts>;
