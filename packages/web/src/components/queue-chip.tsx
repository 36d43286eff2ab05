import Chip, { type ChipProps } from "@mui/material/Chip";
import { readableTextOn } from "../lib/contrast";

interface QueueChipProps extends Omit<ChipProps, "label" | "color"> {
  name: string;
  color: string;
}

/** A queue's name on its own colour, in black or white, whichever reads at WCAG AA on it. */
export function QueueChip({ name, color, sx, ...chipProps }: QueueChipProps) {
  const text = readableTextOn(color);
  return (
    <Chip
      size="small"
      {...chipProps}
      label={name}
      sx={[
        { bgcolor: color, color: text, fontWeight: 600, maxWidth: 160, "& .MuiChip-deleteIcon": { color: text, opacity: 0.7 } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
