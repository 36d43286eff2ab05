import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { readReportFilters, writeReportFilters, type ReportFilters } from "../lib/report-filters";

/**
 * The report's filters, read from and written to the address (a reload or a shared link shows
 * the same report). A change of filter goes back to the first page.
 */
export function useReportFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readReportFilters(params), [params]);
  const update = useCallback(
    (change: Partial<ReportFilters>) => setParams(writeReportFilters({ ...filters, page: 1, ...change }), { replace: true }),
    [filters, setParams],
  );
  return { filters, update };
}
