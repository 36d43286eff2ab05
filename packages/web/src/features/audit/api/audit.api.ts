import type { AuditPage, AuditQuery } from "@atendo/contracts";
import { apiFile, http, type ApiFile } from "../../../lib/http";

type Query = Record<string, string | undefined>;

/** The filters as a query string (empty ones left out). */
function queryOf(query: AuditQuery): Query {
  return Object.fromEntries(Object.entries(query).flatMap(([key, value]) => (value === undefined || value === "" ? [] : [[key, String(value)]])));
}

/** GET /audit: a page of entries, newest first, and whether another follows. */
export function fetchAuditPage(query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> {
  return http.get<AuditPage>("/audit", { query: queryOf(query), signal });
}

/** Every entry matching the filters, as a CSV file. */
export function downloadAudit(query: AuditQuery): Promise<ApiFile> {
  const { pageNumber: _page, ...filters } = query;
  return apiFile("/audit", { query: { ...queryOf(filters), format: "csv" } });
}
