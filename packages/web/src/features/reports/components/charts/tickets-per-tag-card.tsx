import type { ReportCharts } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { visuallyHidden } from "../../../../components/visually-hidden";
import { useTranslation } from "../../../../lib/i18n";
import { TagChip } from "../../../tags";
import { ChartCard } from "./chart-card";

/**
 * Tickets per label (docs/decisions/0075): the report's tickets carrying each label, most first,
 * as a table whose count cell carries a bar to scale (the table itself is what screen readers read).
 */
export function TicketsPerTagCard({ rows }: { rows: ReportCharts["ticketsPerTag"] }) {
  const { t } = useTranslation();
  const title = t("reports.charts.ticketsPerTag");
  const most = Math.max(1, ...rows.map((row) => row.count));
  return (
    <ChartCard title={title} summary={t("reports.charts.ticketsPerTagSummary")}>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("reports.charts.noTaggedTickets")}
        </Typography>
      ) : (
        <Box component="table" sx={{ width: "100%", borderCollapse: "collapse", "& td, & th": { py: 0.5, textAlign: "start" } }}>
          <Box component="caption" sx={visuallyHidden}>
            {title}
          </Box>
          <thead>
            <tr>
              <Typography component="th" scope="col" variant="body2" color="text.secondary" sx={{ width: "40%" }}>
                {t("reports.charts.label")}
              </Typography>
              <Typography component="th" scope="col" variant="body2" color="text.secondary">
                {t("reports.charts.ticketCount")}
              </Typography>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <Box component="th" scope="row" sx={{ pr: 1, maxWidth: 0 }}>
                  <TagChip tag={row} sx={{ maxWidth: "100%" }} />
                </Box>
                <td>
                  <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                    <Box aria-hidden sx={{ height: 12, borderRadius: "3px", bgcolor: row.color, width: `${(row.count / most) * 80}%`, minWidth: 4 }} />
                    <Typography variant="body2" component="span">
                      {row.count}
                    </Typography>
                  </Box>
                </td>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
    </ChartCard>
  );
}
