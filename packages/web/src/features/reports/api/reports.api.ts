import type { Language, ReportCharts, ReportChartsQuery, ReportPage, ReportQuery } from "@atendo/contracts";
import { apiFile, http, type ApiFile } from "../../../lib/http";

type Query = Record<string, string | undefined>;

/** GET /reports/tickets: one page of the report and how many tickets match. */
export function fetchReportPage(query: ReportQuery, signal?: AbortSignal): Promise<ReportPage> {
  return http.get<ReportPage>("/reports/tickets", { query: query as Query, signal });
}

/** GET /reports/charts: the charts' figures for the same filters. */
export function fetchReportCharts(query: ReportChartsQuery, signal?: AbortSignal): Promise<ReportCharts> {
  return http.get<ReportCharts>("/reports/charts", { query: query as Query, signal });
}

/** The CSV of every matching ticket, headers in `language` (refused past 60 days). */
export function downloadReport(query: ReportQuery, language: Language): Promise<ApiFile> {
  const { pageNumber: _page, pageSize: _size, ...filters } = query;
  return apiFile("/reports/tickets", { query: { ...(filters as Query), action: "download", language } });
}
