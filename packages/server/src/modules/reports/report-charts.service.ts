import type { ReportCharts, reportChartsQuery } from "@atendo/contracts";
import type { SQL } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../core/actor.js";
import type { Db } from "../../db/client.js";
import { messageFiguresStatement, ticketFiguresStatement, type MessageFigures, type TicketFigures } from "./report-charts-query.js";
import { filtersOf } from "./report-filters.js";
import { periodDays, reportPeriod, type ReportPeriod } from "./report-period.js";
import { assertCanReadReports } from "./report.policy.js";

type ChartsQuery = z.output<typeof reportChartsQuery>;

/** Past this many days the series starts at the first day with figures, not at a start chosen decades back. */
const MAX_EMPTY_LEAD_DAYS = 366;

/** The `figures` JSON document a statement answers (node-postgres gives `{ rows }`, other drivers the rows). */
async function figuresOf<T>(db: Db, statement: SQL): Promise<T> {
  const result: unknown = await db.execute(statement);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { figures: unknown }[];
  const raw = rows[0]?.figures;
  return (typeof raw === "string" ? JSON.parse(raw) : raw) as T;
}

/** Every day of the period, zeros included (a chart's axis has no holes). */
function daySeries(period: ReportPeriod, figures: TicketFigures, messages: MessageFigures): ReportCharts["days"] {
  let days = periodDays(period);
  if (days.length > MAX_EMPTY_LEAD_DAYS) {
    const first = [...Object.keys(figures.created), ...Object.keys(figures.resolved), ...Object.keys(messages)].sort()[0];
    days = first === undefined ? [] : periodDays(period, first);
  }
  return days.map((day) => ({
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
 * one (ctx.reads, docs/decisions/0055).
 */
export async function reportCharts(ctx: AppContext, actor: Actor, query: ChartsQuery): Promise<ReportCharts> {
  assertCanReadReports(actor);
  const period = reportPeriod(query, ctx.config.TIME_ZONE, new Date());
  const filters = filtersOf(query);
  const [figures, messages] = await Promise.all([
    figuresOf<TicketFigures>(ctx.reads, ticketFiguresStatement(period, filters)),
    figuresOf<MessageFigures>(ctx.reads, messageFiguresStatement(period, filters)),
  ]);
  return {
    timeZone: period.timeZone,
    days: daySeries(period, figures, messages),
    firstResponse: { byUser: figures.firstResponseByUser, byQueue: figures.firstResponseByQueue },
    resolution: { byUser: figures.resolutionByUser, byQueue: figures.resolutionByQueue },
    busiestHours: figures.busiestHours,
  };
}
