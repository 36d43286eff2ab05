import type { ReportCharts } from "@atendo/contracts";
import { useState } from "react";
import { useTranslation } from "../../../../lib/i18n";
import { ChartCard, ChartLegend } from "./chart-card";
import { ChoiceButtons } from "./choice-buttons";
import { useChartColours } from "./chart-palette";
import { DurationsChart } from "./durations-chart";

type Grouping = "byUser" | "byQueue";

interface DurationsCardProps {
  /** First response or resolution. */
  measure: "firstResponse" | "resolution";
  durations: ReportCharts["firstResponse"];
}

/** First-response or resolution time (median and P90), per attendant or, switched, per queue. */
export function DurationsCard({ measure, durations }: DurationsCardProps) {
  const { t } = useTranslation();
  const [grouping, setGrouping] = useState<Grouping>("byUser");
  const { series: seriesColors } = useChartColours();
  const title = t(`reports.charts.${measure}`);
  return (
    <ChartCard
      title={title}
      summary={t(`reports.charts.${measure}Summary`)}
      actions={
        <ChoiceButtons
          label={t("reports.charts.grouping", { chart: title })}
          value={grouping}
          choices={[
            { value: "byUser", label: t("reports.charts.byUser") },
            { value: "byQueue", label: t("reports.charts.byQueue") },
          ]}
          onChange={setGrouping}
        />
      }
      legend={
        <ChartLegend
          items={[
            { label: t("reports.charts.medianLong"), color: seriesColors[0] },
            { label: t("reports.charts.p90Long"), color: seriesColors[1] },
          ]}
        />
      }
    >
      <DurationsChart
        rows={durations[grouping]}
        noneName={t(grouping === "byUser" ? "reports.table.noAttendant" : "reports.table.noQueue")}
      />
    </ChartCard>
  );
}
