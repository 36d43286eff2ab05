import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { visuallyHidden } from "../../../../components/visually-hidden";

/** What a chart says about the point being read, and where (pixels in the chart's area). */
export interface ChartTip {
  x: number;
  y: number;
  title: string;
  lines: { label: string; value: string; color?: string }[];
}

export const tipText = (tip: ChartTip) => [tip.title, ...tip.lines.map((line) => `${line.label}: ${line.value}`)].join(", ");

/**
 * The values of the point being read, beside it (to its right in the left half of the chart, to
 * its left in the right half, so it never leaves the card). Screen readers hear the same text
 * through a live region that is always there.
 */
export function ChartTooltip({ tip, width }: { tip: ChartTip | null; width: number }) {
  const right = tip !== null && tip.x > width / 2;
  return (
    <>
      <Box aria-live="polite" sx={visuallyHidden}>
        {tip ? tipText(tip) : ""}
      </Box>
      {tip && (
        <Paper
          aria-hidden
          elevation={4}
          sx={{
            position: "absolute",
            top: Math.max(0, tip.y),
            left: right ? undefined : tip.x + 12,
            right: right ? width - tip.x + 12 : undefined,
            px: 1.5,
            py: 1,
            pointerEvents: "none",
            zIndex: 1,
            minWidth: 120,
            maxWidth: Math.max(160, width / 2),
          }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {tip.title}
          </Typography>
          {tip.lines.map((line) => (
            <Box key={line.label} sx={{ display: "flex", alignItems: "center", gap: 1 }}>
              {line.color && <Box sx={{ width: 10, height: 10, borderRadius: "2px", bgcolor: line.color, flexShrink: 0 }} />}
              <Typography variant="body2" sx={{ flex: 1 }}>
                {line.label}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: "tabular-nums" }}>
                {line.value}
              </Typography>
            </Box>
          ))}
        </Paper>
      )}
    </>
  );
}
