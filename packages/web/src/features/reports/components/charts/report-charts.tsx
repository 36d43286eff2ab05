import type { ReportCharts as Charts, ReportChartsQuery } from "@atendo/contracts";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "../../../../lib/i18n";
import { QueryState } from "../../../../components/query-state";
import { visuallyHidden } from "../../../../components/visually-hidden";
import { reportChartsQueryOptions } from "../../api/reports.queries";
import { BusiestHoursCard } from "./busiest-hours-card";
import { DailyCard } from "./daily-card";
import { DurationsCard } from "./durations-card";
import { SatisfactionCard } from "./satisfaction-card";
import { SlaSharesCard } from "./sla-shares-card";
import { TicketsPerTagCard } from "./tickets-per-tag-card";

/** Charts above the table, for the same filters (issue 15; Chatwoot's reports as the reference). */
export function ReportCharts({ query }: { query: ReportChartsQuery }) {
  const { t } = useTranslation();
  const charts = useQuery(reportChartsQueryOptions(query));
  const title = t("reports.charts.title");
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3, position: "relative" }}>
      <Typography variant="h2" component="h2" sx={visuallyHidden}>
        {title}
      </Typography>
      <QueryState isPending={charts.isPending} error={charts.error} onRetry={() => void charts.refetch()} />
      {charts.isPlaceholderData && <LinearProgress aria-label={t("common.loading")} sx={{ position: "absolute", inset: "-8px 0 auto 0" }} />}
      {charts.data && <ChartsGrid data={charts.data} />}
    </Box>
  );
}

function ChartsGrid({ data }: { data: Charts }) {
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "repeat(2, minmax(0, 1fr))" } }}>
      <DailyCard kind="conversations" days={data.days} />
      <DailyCard kind="messages" days={data.days} />
      <DurationsCard measure="firstResponse" durations={data.firstResponse} />
      <DurationsCard measure="resolution" durations={data.resolution} />
      <Box sx={{ gridColumn: "1 / -1", minWidth: 0 }}>
        <BusiestHoursCard cells={data.busiestHours} timeZone={data.timeZone} />
      </Box>
      <TicketsPerTagCard rows={data.ticketsPerTag} />
      <SatisfactionCard satisfaction={data.satisfaction} />
      <SlaSharesCard sla={data.sla} />
    </Box>
  );
}
