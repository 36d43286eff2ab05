import Box from "@mui/material/Box";
import { useTheme } from "@mui/material/styles";
import type { PointerEvent } from "react";
import { axisTicks, labelStep } from "../../lib/chart-math";
import { ChartArea } from "./chart-area";
import type { ChartTip } from "./chart-tooltip";
import { useChartCursor } from "./use-chart-cursor";
import { useElementWidth } from "./use-element-width";

export interface DailyPoint {
  /** "dd/MM" under the bars; the full day in the tooltip. */
  short: string;
  full: string;
  values: number[];
}

interface DailyChartProps {
  /** The chart's accessible name (its title) and how to read it with the keyboard. */
  label: string;
  series: { label: string; color: string }[];
  points: DailyPoint[];
}

const HEIGHT = 200;
const margin = { top: 8, right: 4, bottom: 22, left: 36 };

/**
 * Bars per day, one per series side by side (conversations new and resolved, messages in and
 * out). Hover or focus and arrow keys show a day's figures.
 */
export function DailyChart({ label, series, points }: DailyChartProps) {
  const theme = useTheme();
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const cursor = useChartCursor(1, points.length);
  const plotWidth = Math.max(0, width - margin.left - margin.right);
  const plotHeight = HEIGHT - margin.top - margin.bottom;
  const ticks = axisTicks(Math.max(0, ...points.flatMap((point) => point.values)));
  const top = ticks[ticks.length - 1] ?? 1;
  const band = points.length ? plotWidth / points.length : 0;
  const barWidth = Math.max(1, (band * 0.8) / Math.max(1, series.length));
  const y = (value: number) => margin.top + plotHeight - (value / top) * plotHeight;
  const step = labelStep(points.length, plotWidth, 44);
  const activeIndex = cursor.active?.col ?? null;
  const activePoint = activeIndex === null ? undefined : points[activeIndex];
  const tip: ChartTip | null =
    activeIndex !== null && activePoint
      ? {
          x: margin.left + band * (activeIndex + 0.5),
          y: Math.min(y(Math.max(...activePoint.values)), HEIGHT - 90),
          title: activePoint.full,
          lines: series.map((serie, index) => ({ label: serie.label, value: String(activePoint.values[index] ?? 0), color: serie.color })),
        }
      : null;

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left - margin.left;
    if (band > 0 && x >= 0 && x < plotWidth) cursor.point({ row: 0, col: Math.floor(x / band) });
  };

  const text = theme.palette.text.secondary;
  return (
    <ChartArea areaRef={ref} width={width} label={label} cursor={cursor} tip={tip}>
      {width > 0 && (
        <svg width={width} height={HEIGHT} aria-hidden onPointerMove={onPointerMove} style={{ display: "block" }}>
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={margin.left} x2={width - margin.right} y1={y(tick)} y2={y(tick)} stroke={theme.palette.divider} />
              <text x={margin.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={11} fill={text}>
                {tick}
              </text>
            </g>
          ))}
          {activeIndex !== null && (
            <rect x={margin.left + band * activeIndex} y={margin.top} width={band} height={plotHeight} fill={theme.palette.action.hover} />
          )}
          {points.map((point, index) => {
            const start = margin.left + band * index + band * 0.1;
            return (
              <g key={point.full}>
                {series.map((serie, seriesIndex) => {
                  const value = point.values[seriesIndex] ?? 0;
                  return (
                    <rect
                      key={serie.label}
                      x={start + barWidth * seriesIndex}
                      y={y(value)}
                      width={Math.max(1, barWidth - (band > 8 ? 1 : 0))}
                      height={Math.max(0, margin.top + plotHeight - y(value))}
                      fill={serie.color}
                      rx={barWidth > 6 ? 2 : 0}
                    />
                  );
                })}
                {index % step === 0 && (
                  <text x={margin.left + band * (index + 0.5)} y={HEIGHT - 6} textAnchor="middle" fontSize={11} fill={text}>
                    {point.short}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
      {width === 0 && <Box sx={{ height: HEIGHT }} />}
    </ChartArea>
  );
}
