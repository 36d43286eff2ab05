import type { ReportPage, ReportTicket, reportQuery } from "@atendo/contracts";
import { count, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../core/actor.js";
import type { Db } from "../../db/client.js";
import { pageWindow } from "../../db/paging.js";
import { filtersOf, newestFirst, reportTickets, resolvedAt } from "./report-filters.js";
import { reportPeriod } from "./report-period.js";
import { selectReportRows, slaColumns, t } from "./report-rows.js";
import { assertCanReadReports } from "./report.policy.js";

export type ParsedReportQuery = z.output<typeof reportQuery>;

/** A closed date only while resolved (a reopened ticket keeps its last one, which no longer applies; a monitoring's record has none). */
const dates = { createdAt: t.createdAt, closedAt: sql<Date | null>`${resolvedAt}`.mapWith(t.closedAt), ...slaColumns };

function selectPage(db: Db, where: SQL, pageNumber: number, pageSize: number) {
  const { offset } = pageWindow(pageNumber, pageSize);
  return selectReportRows(db, dates, where).orderBy(newestFirst).limit(pageSize).offset(offset);
}

function present(row: Awaited<ReturnType<typeof selectPage>>[number]): ReportTicket {
  return {
    id: row.id,
    status: row.status,
    user: row.userId !== null && row.userName !== null ? { id: row.userId, name: row.userName } : null,
    queue: row.queueId !== null && row.queueName !== null && row.queueColor !== null ? { id: row.queueId, name: row.queueName, color: row.queueColor } : null,
    connection: { id: row.connectionId, name: row.connectionName },
    contact: row.contactId !== null && row.contactName !== null && row.contactNumber !== null ? { id: row.contactId, name: row.contactName, number: row.contactNumber } : null,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
    rating: row.ratingScore === null ? null : { score: row.ratingScore, comment: row.ratingComment },
    sla: { firstResponse: row.slaFirstResponse, resolution: row.slaResolution },
  };
}

/**
 * GET /reports/tickets (spec §2, §7): one page of the tickets created in the period, newest
 * first, and how many there are. The page and the count are two statements run together; both
 * read the period's range of tickets_created_idx, on the read replica when there is one
 * (ctx.reads, docs/decisions/0055).
 */
export async function reportPage(ctx: AppContext, actor: Actor, query: ParsedReportQuery): Promise<ReportPage> {
  assertCanReadReports(actor);
  const where = reportTickets(reportPeriod(query, ctx.config.TIME_ZONE, new Date(), false), filtersOf(query));
  const [rows, counted] = await Promise.all([selectPage(ctx.reads, where, query.pageNumber, query.pageSize), ctx.reads.select({ n: count() }).from(t).where(where)]);
  return { count: counted[0]?.n ?? 0, tickets: rows.map(present) };
}
