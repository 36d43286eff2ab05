import type { ReportDurations } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../../lib/i18n";
import { ellipsis } from "../../../../components/admin-table";
import { useChartColours } from "./chart-palette";
import { useFormatSeconds } from "./use-format-seconds";

/**
 * Median and 90th-percentile times of each attendant or queue as bars, their values written
 * beside them (readable without hovering, and read out as a list).
 */
export function DurationsChart({ rows, noneName }: { rows: readonly ReportDurations[]; noneName: string }) {
  const { t } = useTranslation();
  const format = useFormatSeconds();
  const { series: seriesColors } = useChartColours();
  const max = Math.max(1, ...rows.map((row) => row.p90Seconds));
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: "center" }}>
        {t("reports.charts.noData")}
      </Typography>
    );
  }
  const measures = [
    { key: "median", label: t("reports.charts.median"), value: (row: ReportDurations) => row.medianSeconds },
    { key: "p90", label: t("reports.charts.p90"), value: (row: ReportDurations) => row.p90Seconds },
  ];
  return (
    <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1.5 }}>
      {rows.map((row) => {
        const name = row.name || noneName;
        return (
          <Box
            component="li"
            key={row.id ?? "none"}
            sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 35%) minmax(0, 1fr)" }, columnGap: 2, rowGap: 0.5, alignItems: "center" }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, ...ellipsis }} title={name}>
                {name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t("reports.charts.tickets", { count: row.count })}
              </Typography>
            </Box>
            <Box sx={{ display: "grid", gap: 0.5, minWidth: 0 }}>
              {measures.map((measure, index) => {
                const seconds = measure.value(row);
                return (
                  <Box key={measure.key} sx={{ display: "grid", gridTemplateColumns: "minmax(0, 8.5rem) minmax(0, 1fr)", alignItems: "center", gap: 1 }}>
                    <Typography variant="caption" sx={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
                      <Box component="span" sx={{ color: "text.secondary" }}>
                        {measure.label}{" "}
                      </Box>
                      {format(seconds)}
                    </Typography>
                    <Box aria-hidden sx={{ height: 10, borderRadius: "0 3px 3px 0", bgcolor: seriesColors[index], width: `${(seconds / max) * 100}%`, minWidth: 2 }} />
                  </Box>
                );
              })}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
