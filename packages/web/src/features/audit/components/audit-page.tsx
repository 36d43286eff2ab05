import type { AuditQuery } from "@atendo/contracts";
import DownloadIcon from "@mui/icons-material/Download";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Page } from "../../../components/page";
import { QueryState } from "../../../components/query-state";
import { useTranslation } from "../../../lib/i18n";
import { useDownload } from "../../../lib/use-download";
import { downloadAudit } from "../api/audit.api";
import { auditPageQueryOptions } from "../api/audit.queries";
import { AuditFiltersBar, type AuditFilters } from "./audit-filters";
import { AuditTable } from "./audit-table";

const noFilters: AuditFilters = { userId: null, action: "", from: "", to: "" };

function queryOf(filters: AuditFilters, pageNumber: number): AuditQuery {
  return {
    pageNumber: String(pageNumber),
    userId: filters.userId === null ? undefined : String(filters.userId),
    action: filters.action || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

/** The audit log (issue 34, admins): entries newest first, filtered, paged, downloadable as CSV. */
export function AuditPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>(noFilters);
  const [page, setPage] = useState(1);
  // A period ending before it starts is not asked for: the field says why.
  const valid = !(filters.from && filters.to && filters.to < filters.from);
  const query = queryOf(filters, page);
  const entries = useQuery({ ...auditPageQueryOptions(query), enabled: valid });
  const { busy, download } = useDownload(() => downloadAudit(query), "audit.csv");
  const change = (next: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  return (
    <Page
      title={t("pages.audit")}
      actions={
        <Button variant="outlined" onClick={download} disabled={busy || !valid} startIcon={busy ? <CircularProgress size={18} aria-hidden /> : <DownloadIcon />}>
          {t("auditLog.download")}
        </Button>
      }
    >
      <AuditFiltersBar filters={filters} onChange={change} />
      <QueryState isPending={valid && entries.isPending} error={entries.error} onRetry={() => void entries.refetch()} />
      {entries.data && (
        <>
          <Paper variant="outlined" sx={{ overflowX: "auto" }}>
            {entries.data.entries.length === 0 ? (
              <Typography color="text.secondary" sx={{ p: 3 }}>
                {t("auditLog.empty")}
              </Typography>
            ) : (
              <Box sx={{ minWidth: 900 }}>
                <AuditTable entries={entries.data.entries} />
              </Box>
            )}
          </Paper>
          <Box component="nav" aria-label={t("auditLog.pager.label")} sx={{ display: "flex", alignItems: "center", justifyContent: "center", gap: 1, mt: 2 }}>
            <Button variant="outlined" size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t("auditLog.pager.previous")}
            </Button>
            <Typography variant="body2" sx={{ px: 1, fontVariantNumeric: "tabular-nums" }}>
              {t("auditLog.pager.page", { page })}
            </Typography>
            <Button variant="outlined" size="small" disabled={!entries.data.hasMore} onClick={() => setPage(page + 1)}>
              {t("auditLog.pager.next")}
            </Button>
          </Box>
        </>
      )}
    </Page>
  );
}
