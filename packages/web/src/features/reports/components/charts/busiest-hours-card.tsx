import type { ReportCharts } from "@atendo/contracts";
import { dayNames } from "../../../../lib/business-hours";
import { currentLanguage, useTranslation } from "../../../../lib/i18n";
import { BusiestHoursChart, hourRange, weekOrder } from "./busiest-hours-chart";
import { ChartCard } from "./chart-card";

/** New conversations by weekday and hour (the install's clock) as a heat map. */
export function BusiestHoursCard({ cells, timeZone }: { cells: ReportCharts["busiestHours"]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n.resolvedLanguage);
  const short = dayNames(language, "short");
  const long = dayNames(language);
  const counts = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const cell of cells) {
    const row = counts[cell.weekday];
    if (row) row[cell.hour] = cell.count;
  }
  const busiest = cells.reduce<(typeof cells)[number] | null>((top, cell) => (!top || cell.count > top.count ? cell : top), null);
  const title = t("reports.charts.busiestHours");
  return (
    <ChartCard
      title={title}
      summary={
        busiest
          ? t("reports.charts.busiestSummary", { day: long[busiest.weekday], hours: hourRange(busiest.hour), count: busiest.count, zone: timeZone })
          : t("reports.charts.noData")
      }
      note={t("reports.charts.zoneNote", { zone: timeZone })}
      table={{
        caption: title,
        columns: [t("reports.charts.hour"), ...weekOrder.map((weekday) => long[weekday] ?? "")],
        rows: Array.from({ length: 24 }, (_, hour) => ({ key: String(hour), cells: [hourRange(hour), ...weekOrder.map((weekday) => counts[weekday]?.[hour] ?? 0)] })),
      }}
    >
      <BusiestHoursChart label={`${title}. ${t("reports.charts.keyboardHint")}`} counts={counts} dayNames={short} />
    </ChartCard>
  );
}
