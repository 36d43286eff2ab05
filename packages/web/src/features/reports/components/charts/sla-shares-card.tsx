import type { ReportCharts, ReportSlaShares } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { visuallyHidden } from "../../../../components/visually-hidden";
import { useTranslation } from "../../../../lib/i18n";
import { ChartCard } from "./chart-card";
import { ChoiceButtons } from "./choice-buttons";

type Grouping = "byQueue" | "byUser";
type Target = "firstResponse" | "resolution";

/** Met of decided (met + breached), as a whole percentage; null when none is decided. */
function shareOf(row: ReportSlaShares, target: Target): { share: number; met: number; total: number } | null {
  const { met, breached } = row[target];
  const total = met + breached;
  return total === 0 ? null : { share: Math.round((met / total) * 100), met, total };
}

/**
 * Share of tickets within each SLA target (issue 30), per queue or per attendant: a table whose
 * cells carry a bar to scale (green within, the rest red), read as it is by screen readers.
 */
export function SlaSharesCard({ sla }: { sla: ReportCharts["sla"] }) {
  const { t } = useTranslation();
  const [grouping, setGrouping] = useState<Grouping>("byQueue");
  const title = t("slaAdmin.report.title");
  const rows = sla[grouping];
  const cell = (row: ReportSlaShares, target: Target) => {
    const figure = shareOf(row, target);
    if (!figure) return <Typography variant="body2" color="text.secondary">—</Typography>;
    return (
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
        <Box aria-hidden sx={{ flex: "0 0 64px", height: 10, borderRadius: "3px", bgcolor: "error.light", overflow: "hidden" }}>
          <Box sx={{ height: "100%", width: `${figure.share}%`, bgcolor: "success.main" }} />
        </Box>
        <Typography variant="body2" component="span" noWrap>
          {t("slaAdmin.report.share", figure)}
        </Typography>
      </Box>
    );
  };
  return (
    <ChartCard
      title={title}
      summary={t("slaAdmin.report.title")}
      actions={
        <ChoiceButtons
          label={t("reports.charts.grouping", { chart: title })}
          value={grouping}
          choices={[
            { value: "byQueue", label: t("slaAdmin.report.byQueue") },
            { value: "byUser", label: t("slaAdmin.report.byUser") },
          ]}
          onChange={setGrouping}
        />
      }
    >
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("slaAdmin.report.none")}
        </Typography>
      ) : (
        <Box sx={{ overflowX: "auto" }}>
          <Box component="table" sx={{ width: "100%", borderCollapse: "collapse", "& td, & th": { py: 0.5, pr: 1, textAlign: "start", verticalAlign: "middle" } }}>
            <Box component="caption" sx={visuallyHidden}>
              {title}
            </Box>
            <thead>
              <tr>
                <Typography component="th" scope="col" variant="body2" color="text.secondary">
                  {t(grouping === "byQueue" ? "slaAdmin.report.byQueue" : "slaAdmin.report.byUser")}
                </Typography>
                <Typography component="th" scope="col" variant="body2" color="text.secondary">
                  {t("slaAdmin.report.firstResponse")}
                </Typography>
                <Typography component="th" scope="col" variant="body2" color="text.secondary">
                  {t("slaAdmin.report.resolution")}
                </Typography>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id ?? "none"}>
                  <Typography component="th" scope="row" variant="body2" sx={{ fontWeight: 500, wordBreak: "break-word" }}>
                    {row.name || t(grouping === "byQueue" ? "slaAdmin.report.noQueue" : "slaAdmin.report.noUser")}
                  </Typography>
                  <td>{cell(row, "firstResponse")}</td>
                  <td>{cell(row, "resolution")}</td>
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      )}
    </ChartCard>
  );
}
