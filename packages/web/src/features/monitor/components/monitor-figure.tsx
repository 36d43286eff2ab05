import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

interface MonitorFigureProps {
  label: string;
  value: ReactNode;
  /** A figure that asks for attention (at risk, breached) when above zero. */
  tone?: "warning" | "error";
}

/** One figure of a card: its name over its value, as a term and its description (read as a pair). */
export function MonitorFigure({ label, value, tone }: MonitorFigureProps) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: "block" }}>
        {label}
      </Typography>
      <Typography component="dd" variant="h3" sx={{ m: 0, color: tone ? `${tone}.main` : "text.primary", overflowWrap: "anywhere" }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The figures of a card, in a grid that takes as many columns as fit. */
export function MonitorFigures({ children, min = 96 }: { children: ReactNode; min?: number }) {
  return (
    <Box component="dl" sx={{ m: 0, display: "grid", gap: 1.5, gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))` }}>
      {children}
    </Box>
  );
}
