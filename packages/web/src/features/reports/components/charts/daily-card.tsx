import type { ReportDay } from "@atendo/contracts";
import { useTranslation } from "../../../../lib/i18n";
import { dayLabels } from "../../lib/chart-math";
import { ChartCard, ChartLegend } from "./chart-card";
import { useChartColours } from "./chart-palette";
import { DailyChart } from "./daily-chart";

const kinds = {
  conversations: { keys: ["created", "resolved"], series: ["newConversations", "resolvedConversations"] },
  messages: { keys: ["messagesIn", "messagesOut"], series: ["messagesIn", "messagesOut"] },
} as const;

/** Conversations (new, resolved) or messages (in, out) per day of the period. */
export function DailyCard({ kind, days }: { kind: keyof typeof kinds; days: readonly ReportDay[] }) {
  const { t } = useTranslation();
  const { keys, series: seriesKeys } = kinds[kind];
  const { series: seriesColors } = useChartColours();
  const series = seriesKeys.map((key, index) => ({ label: t(`reports.charts.${key}`), color: seriesColors[index] ?? seriesColors[0] }));
  const points = days.map((day) => {
    const labels = dayLabels(day.day);
    return { short: labels.short, full: labels.full, values: keys.map((key) => day[key]) };
  });
  const totals = keys.map((key) => days.reduce((sum, day) => sum + day[key], 0));
  const title = t(`reports.charts.${kind}PerDay`);
  return (
    <ChartCard
      title={title}
      summary={t(`reports.charts.${kind}Summary`, { first: totals[0], second: totals[1], days: days.length })}
      legend={<ChartLegend items={series.map((serie, index) => ({ ...serie, label: `${serie.label} (${totals[index] ?? 0})` }))} />}
      table={{
        caption: title,
        columns: [t("reports.charts.day"), ...series.map((serie) => serie.label)],
        rows: points.map((point) => ({ key: point.full, cells: [point.full, ...point.values] })),
      }}
    >
      <DailyChart label={`${title}. ${t("reports.charts.keyboardHint")}`} series={series} points={points} />
    </ChartCard>
  );
}
