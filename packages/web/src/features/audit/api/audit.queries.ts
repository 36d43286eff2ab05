import type { AuditQuery } from "@atendo/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { fetchAuditPage } from "./audit.api";

/** One page of the log for these filters; the previous page stays on screen while the next loads. */
export function auditPageQueryOptions(query: AuditQuery) {
  return queryOptions({
    queryKey: ["audit", query] as const,
    queryFn: ({ signal }) => fetchAuditPage(query, signal),
    placeholderData: keepPreviousData,
  });
}
