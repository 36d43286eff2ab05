import type { reportChartsQuery, TicketStatus } from "@atendo/contracts";
import { sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { ReportPeriod } from "./report-period.js";

export type ReportFiltersQuery = z.output<typeof reportChartsQuery>;

/** The narrowing filters of a report; absent, "" and "any" mean any. */
export interface ReportFilters {
  userId?: number;
  queueId?: number;
  status?: TicketStatus;
}

export function filtersOf(query: ReportFiltersQuery): ReportFilters {
  return {
    userId: typeof query.userId === "number" ? query.userId : undefined,
    queueId: typeof query.queueId === "number" ? query.queueId : undefined,
    status: query.status === "" || query.status === "any" ? undefined : query.status,
  };
}

/** Attendant, queue and status of tickets `t`. */
export function narrowing(filters: ReportFilters): SQL[] {
  const parts: SQL[] = [];
  if (filters.userId !== undefined) parts.push(sql`t.user_id = ${filters.userId}`);
  if (filters.queueId !== undefined) parts.push(sql`t.queue_id = ${filters.queueId}`);
  if (filters.status !== undefined) parts.push(sql`t.status = ${filters.status}`);
  return parts;
}

/**
 * The tickets `t` a report is about: created in the period (tickets_created_idx reads just
 * that range), narrowed by the filters. Every figure of the table and the CSV is about them.
 */
export function reportTickets(period: ReportPeriod, filters: ReportFilters): SQL {
  const created = sql`t.created_at >= ${period.start.toISOString()}::timestamptz and t.created_at <= ${period.end.toISOString()}::timestamptz`;
  return sql.join([created, ...narrowing(filters)], sql` and `);
}

/**
 * Whether ticket `t` was resolved: closed, by someone who could have worked on it. A ticket a
 * monitoring records closed (ticket-lifecycle's `opened`) is born closed, its close the very
 * moment of its creation; nobody answered nor resolved it, so it is in no resolution figure, and
 * stays out once its monitoring is deleted (past figures do not change). The one rule for the
 * table, the CSV and the charts (docs/decisions/0070); it keeps `t.status = 'closed'` first so
 * tickets_closed_idx still serves a range of closes.
 */
export const wasResolved = sql`(t.status = 'closed' and t.closed_at > t.created_at)`;

/** When ticket `t` was resolved (wasResolved), else null. */
export const resolvedAt = sql`case when ${wasResolved} then t.closed_at end`;

/** Newest first, spelled like tickets_created_idx (DESC NULLS LAST) so the index gives the order. */
export const newestFirst = sql`t.created_at desc nulls last, t.id desc nulls last`;
