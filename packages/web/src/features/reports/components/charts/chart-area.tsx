import Box from "@mui/material/Box";
import { useTheme } from "@mui/material/styles";
import type { ReactNode } from "react";
import { ChartTooltip, type ChartTip } from "./chart-tooltip";
import type { useChartCursor } from "./use-chart-cursor";

interface ChartAreaProps {
  /** Measures the area (useElementWidth): the chart draws to its width. */
  areaRef: (element: HTMLDivElement | null) => void;
  width: number;
  /** Names the chart for assistive technology. */
  label: string;
  cursor: ReturnType<typeof useChartCursor>;
  /** The values of the point being read, shown over the chart. */
  tip: ChartTip | null;
  children: ReactNode;
}

/** A chart's focusable area: read with the pointer or, focused, the arrow keys, the point's values in a tooltip. */
export function ChartArea({ areaRef, width, label, cursor, tip, children }: ChartAreaProps) {
  const theme = useTheme();
  return (
    <Box
      ref={areaRef}
      role="group"
      aria-label={label}
      {...cursor.areaProps}
      sx={{ position: "relative", borderRadius: 1, "&:focus-visible": { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 } }}
    >
      {children}
      <ChartTooltip tip={tip} width={width} />
    </Box>
  );
}
