import type { ReportChartsQuery, ReportQuery } from "@atendo/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { fetchReportCharts, fetchReportPage } from "./reports.api";

/** A page of the report; the previous page stays on screen while the next one loads. */
export function reportPageQueryOptions(query: ReportQuery) {
  return queryOptions({
    queryKey: ["reports", "tickets", query],
    queryFn: ({ signal }) => fetchReportPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function reportChartsQueryOptions(query: ReportChartsQuery) {
  return queryOptions({
    queryKey: ["reports", "charts", query],
    queryFn: ({ signal }) => fetchReportCharts(query, signal),
    placeholderData: keepPreviousData,
  });
}
