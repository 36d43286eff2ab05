import { reportCharts as reportChartsResponse, reportChartsQuery, reportPage as reportPageResponse, reportQuery } from "@atendo/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, typed } from "../../core/route-kit.js";
import { reportCharts } from "./report-charts.service.js";
import { reportCsv, type ReportCsv } from "./report-csv.service.js";
import { reportPage } from "./report-page.service.js";

const tags = ["reports"];

function sendCsv(reply: FastifyReply, csv: ReportCsv): FastifyReply {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${csv.fileName}"`)
    .header("cache-control", "no-store")
    .send(csv.stream);
}

/** Reports (spec §2 /dashboard, §7), admins only. */
export function reportsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get(
    "/api/reports/tickets",
    {
      schema: {
        tags,
        description:
          "A page of the tickets created in the period with their count; with `action=download`, every one of them as a CSV file " +
          "(text/csv, UTF-8 with BOM, headers in `language`, at most 60 days).",
        querystring: reportQuery,
        produces: ["application/json", "text/csv"],
        response: { 200: reportPageResponse, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      if (request.query.action === "download") return sendCsv(reply, await reportCsv(ctx, actorOf(request), request.query));
      return reportPage(ctx, actorOf(request), request.query);
    },
  );

  r.get(
    "/api/reports/charts",
    { schema: { tags, querystring: reportChartsQuery, response: { 200: reportChartsResponse, ...errorResponses(400, 403) } } },
    async (request) => reportCharts(ctx, actorOf(request), request.query),
  );
}
