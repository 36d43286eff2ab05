import { limits, type ReportQuery } from "@atendo/contracts";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "../../../lib/i18n";
import { QueryState } from "../../../components/query-state";
import { reportPageQueryOptions } from "../api/reports.queries";
import { ReportDownload } from "./report-download";
import { ReportPager } from "./report-pager";
import { ReportTable } from "./report-table";

interface ReportResultsProps {
  query: ReportQuery;
  page: number;
  tooLong: boolean;
  onPage: (page: number) => void;
}

/** The count line and download, one page of tickets (20, spec §9) and the pages. */
export function ReportResults({ query, page, tooLong, onPage }: ReportResultsProps) {
  const { t } = useTranslation();
  const result = useQuery(reportPageQueryOptions(query));
  const count = result.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / limits.reportPageSize));
  const title = t("reports.table.title");
  const tooLongId = useId();
  return (
    <Box component="section">
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: 1.5, flexWrap: "wrap" }}>
        <Box sx={{ flex: "1 1 200px", minWidth: 0 }}>
          <Typography variant="h2" component="h2">
            {title}
          </Typography>
          {result.data && (
            <Typography color="text.secondary" role="status">
              {t("reports.count", { count })}
            </Typography>
          )}
        </Box>
        <ReportDownload query={query} disabled={tooLong || result.data?.count === 0} describedBy={tooLong ? tooLongId : undefined} />
      </Box>
      {tooLong && (
        <Alert id={tooLongId} severity="warning" sx={{ mb: 1.5 }}>
          {t("reports.download.tooLong", { days: limits.reportMaxDays })}
        </Alert>
      )}
      <QueryState isPending={result.isPending} error={result.error} onRetry={() => void result.refetch()} />
      {result.data && (
        <Paper variant="outlined" sx={{ overflow: "hidden", position: "relative" }}>
          {result.isPlaceholderData && <LinearProgress aria-label={t("common.loading")} sx={{ position: "absolute", inset: "0 0 auto 0" }} />}
          <Box role="region" aria-label={title} tabIndex={0} sx={{ overflowX: "auto" }}>
            <ReportTable tickets={result.data.tickets} />
          </Box>
          {count === 0 && (
            <Typography color="text.secondary" sx={{ p: 3, textAlign: "center" }}>
              {t("reports.empty")}
            </Typography>
          )}
        </Paper>
      )}
      {pages > 1 && <ReportPager page={Math.min(page, pages)} pages={pages} onPage={onPage} />}
    </Box>
  );
}
