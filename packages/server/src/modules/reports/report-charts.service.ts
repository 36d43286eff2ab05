import type { ReportCharts, reportChartsQuery } from "@atendo/contracts";
import type { SQL } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../core/actor.js";
import type { Db } from "../../db/client.js";
import { messageFiguresStatement, ticketFiguresStatement, type MessageFigures, type TicketFigures } from "./report-charts-query.js";
import { filtersOf } from "./report-filters.js";
import { ratingFiguresStatement, type RatingFigures } from "./report-ratings-query.js";
import { slaFiguresStatement, type SlaFigures } from "./report-sla-query.js";
import { periodDays, reportPeriod, type ReportPeriod } from "./report-period.js";
import { assertCanReadReports } from "./report.policy.js";

type ChartsQuery = z.output<typeof reportChartsQuery>;

/** The `figures` JSON document a statement answers (node-postgres gives `{ rows }`, other drivers the rows). */
async function figuresOf<T>(db: Db, statement: SQL): Promise<T> {
  const result: unknown = await db.execute(statement);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { figures: unknown }[];
  const raw = rows[0]?.figures;
  return (typeof raw === "string" ? JSON.parse(raw) : raw) as T;
}

/** Every day of the period (at most `limits.reportMaxDays` and one), zeros included (a chart's axis has no holes). */
function daySeries(period: ReportPeriod, figures: TicketFigures, messages: MessageFigures): ReportCharts["days"] {
  return periodDays(period).map((day) => ({
    day,
    created: figures.created[day] ?? 0,
    resolved: figures.resolved[day] ?? 0,
    messagesIn: messages[day]?.[0] ?? 0,
    messagesOut: messages[day]?.[1] ?? 0,
  }));
}

/**
 * GET /reports/charts (issue 15): the figures above the report's table, for the same filters —
 * two statements run side by side (report-charts-query.ts), on the read replica when there is
 * one (ctx.reads, docs/decisions/0055). At most `limits.reportMaxDays` days, checked before
 * anything is read (ERR_REPORT_RANGE_TOO_LONG, docs/decisions/0059).
 */
export async function reportCharts(ctx: AppContext, actor: Actor, query: ChartsQuery): Promise<ReportCharts> {
  assertCanReadReports(actor);
  const period = reportPeriod(query, ctx.config.TIME_ZONE, new Date(), true);
  const filters = filtersOf(query);
  const [figures, messages, satisfaction, sla] = await Promise.all([
    figuresOf<TicketFigures>(ctx.reads, ticketFiguresStatement(period, filters)),
    figuresOf<MessageFigures>(ctx.reads, messageFiguresStatement(period, filters)),
    figuresOf<RatingFigures>(ctx.reads, ratingFiguresStatement(period, filters)),
    figuresOf<SlaFigures>(ctx.reads, slaFiguresStatement(period, filters, new Date())),
  ]);
  return {
    timeZone: period.timeZone,
    days: daySeries(period, figures, messages),
    firstResponse: { byUser: figures.firstResponseByUser, byQueue: figures.firstResponseByQueue },
    resolution: { byUser: figures.resolutionByUser, byQueue: figures.resolutionByQueue },
    busiestHours: figures.busiestHours,
    ticketsPerTag: figures.ticketsPerTag,
    satisfaction,
    sla,
  };
}
