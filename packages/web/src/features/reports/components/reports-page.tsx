import { limits } from "@atendo/contracts";
import Alert from "@mui/material/Alert";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { Page } from "../../../components/page";
import { formatDateTime } from "../../../lib/date-format";
import { displayTimeZone } from "../../../lib/time-zone";
import { useReportFilters } from "../hooks/use-report-filters";
import { chartsQuery, exceedsMaxDays, reportRange, ticketsQuery } from "../lib/report-filters";
import { ReportCharts } from "./charts/report-charts";
import { ReportFiltersBar } from "./report-filters-bar";
import { ReportResults } from "./report-results";

/**
 * /dashboard (admins, spec §2): filters kept in the address, charts for them, then the tickets
 * 20 a page with their count and the CSV download. Its own chunk, loaded when first opened.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const { filters, update } = useReportFilters();
  const zone = displayTimeZone();
  const answer = reportRange(filters, new Date(), zone);
  const range = "range" in answer ? answer.range : null;
  const problem = "problem" in answer ? answer.problem : null;
  // Past 60 days the table still shows; the charts and the CSV would be refused (decision 0059).
  const tooLong = range !== null && exceedsMaxDays(range);
  return (
    <Page title={t("pages.reports")}>
      <ReportFiltersBar filters={filters} range={range} problem={problem} zone={zone} onChange={update} />
      {range ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mt: -2, mb: 2 }}>
            {t(range.endDate ? "reports.periodLine" : "reports.periodLineToNow", {
              start: formatDateTime(range.start.toISOString(), zone),
              end: formatDateTime(range.end.toISOString(), zone),
              zone,
            })}
          </Typography>
          {tooLong ? (
            <Alert severity="info" sx={{ mb: 3 }}>
              {t("reports.charts.tooLong", { days: limits.reportMaxDays })}
            </Alert>
          ) : (
            <ReportCharts query={chartsQuery(filters, range)} />
          )}
          <ReportResults
            query={ticketsQuery(filters, range)}
            page={filters.page}
            tooLong={tooLong}
            onPage={(page) => update({ page })}
          />
        </>
      ) : (
        <Alert severity="info">{t(`reports.problems.${problem ?? "startRequired"}`)}</Alert>
      )}
    </Page>
  );
}
