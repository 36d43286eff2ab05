import Box from "@mui/material/Box";
import { useTheme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../../lib/i18n";
import { heatLevel } from "../../lib/chart-math";
import { useChartColours } from "./chart-palette";
import { ChartArea } from "./chart-area";
import type { ChartTip } from "./chart-tooltip";
import { useChartCursor } from "./use-chart-cursor";
import { useElementWidth } from "./use-element-width";

/** Rows Monday first: support teams read their week from Monday. */
export const weekOrder = [1, 2, 3, 4, 5, 6, 0] as const;
const hours = Array.from({ length: 24 }, (_, hour) => hour);
const LABEL = 40;
const GAP = 2;

export const hourRange = (hour: number) => `${String(hour).padStart(2, "0")}:00–${String((hour + 1) % 24).padStart(2, "0")}:00`;

interface BusiestHoursChartProps {
  label: string;
  /** New conversations by [weekday][hour], weekday 0 = Sunday. */
  counts: number[][];
  dayNames: string[];
}

/** New conversations by hour of the week as a heat map: darker is busier; hover or arrows read a cell. */
export function BusiestHoursChart({ label, counts, dayNames }: BusiestHoursChartProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const { heat: heatColors } = useChartColours();
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const cursor = useChartCursor(7, 24);
  const max = Math.max(0, ...counts.flat());
  const cell = Math.max(8, (width - LABEL) / 24 - GAP);
  const rowHeight = Math.min(28, Math.max(14, cell));
  const active = cursor.active;
  const tip: ChartTip | null = active
    ? {
        x: LABEL + (active.col + 0.5) * (cell + GAP),
        y: 18 + (active.row + 1) * (rowHeight + GAP),
        title: `${dayNames[weekOrder[active.row] ?? 0]} ${hourRange(active.col)}`,
        lines: [{ label: t("reports.charts.newConversations"), value: String(counts[weekOrder[active.row] ?? 0]?.[active.col] ?? 0) }],
      }
    : null;
  return (
    <ChartArea areaRef={ref} width={width} label={label} cursor={cursor} tip={tip}>
      <Box aria-hidden sx={{ display: "grid", gridTemplateColumns: `${LABEL - GAP}px repeat(24, minmax(0, 1fr))`, gap: `${GAP}px` }}>
        <span />
        {hours.map((hour) => (
          <Typography key={hour} variant="caption" color="text.secondary" sx={{ textAlign: "left", lineHeight: "16px", visibility: hour % 3 === 0 ? "visible" : "hidden" }}>
            {hour}
          </Typography>
        ))}
        {weekOrder.map((weekday, row) => (
          <Box key={weekday} sx={{ display: "contents" }}>
            <Typography variant="caption" color="text.secondary" sx={{ lineHeight: `${rowHeight}px`, overflow: "hidden", whiteSpace: "nowrap" }}>
              {dayNames[weekday]}
            </Typography>
            {hours.map((hour) => {
              const count = counts[weekday]?.[hour] ?? 0;
              const isActive = active?.row === row && active.col === hour;
              return (
                <Box
                  key={hour}
                  onPointerEnter={() => cursor.point({ row, col: hour })}
                  sx={{
                    height: rowHeight,
                    borderRadius: "3px",
                    bgcolor: heatColors[heatLevel(count, max, heatColors.length - 1)],
                    outline: isActive ? `2px solid ${theme.palette.text.primary}` : "none",
                    outlineOffset: -1,
                  }}
                />
              );
            })}
          </Box>
        ))}
      </Box>
      <Box aria-hidden sx={{ display: "flex", alignItems: "center", gap: 0.5, mt: 1.5, justifyContent: "flex-end" }}>
        <Typography variant="caption" color="text.secondary" sx={{ mr: 0.5 }}>
          {t("reports.charts.fewer")}
        </Typography>
        {heatColors.map((color) => (
          <Box key={color} sx={{ width: 14, height: 14, borderRadius: "3px", bgcolor: color }} />
        ))}
        <Typography variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
          {t("reports.charts.more")}
        </Typography>
      </Box>
    </ChartArea>
  );
}
