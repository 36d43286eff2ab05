import { useCallback, useMemo, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { changeReportFilters, readReportFilters, writeReportFilters, type ReportFilters } from "../lib/report-filters";

/**
 * The report's filters, read from and written to the address (a reload or a shared link shows
 * the same report). A change of filter goes back to the first page.
 *
 * The router shows a new address in a transition, some time after the field's event (long on a
 * busy machine). Read from the address alone, a field would snap back meanwhile, and a second
 * change made before then was built on the old address and undid the first (an End cleared, then
 * the Start cleared, wrote the old End back). So a change is held here, drawn at once, until the
 * router commits a navigation (this one landing, or a link, or back): then the address rules again.
 */
export function useReportFilters() {
  const [params, setParams] = useSearchParams();
  const { key } = useLocation();
  const [held, setHeld] = useState<{ atKey: string; filters: ReportFilters } | null>(null);
  const filters = useMemo(() => (held?.atKey === key ? held.filters : readReportFilters(params)), [held, key, params]);
  const update = useCallback(
    (change: Partial<ReportFilters>) => {
      const next = changeReportFilters(filters, change);
      setHeld({ atKey: key, filters: next });
      setParams(writeReportFilters(next), { replace: true });
    },
    [filters, key, setParams],
  );
  return { filters, update };
}
