import Chip, { type ChipProps } from "@mui/material/Chip";
import { useTheme } from "@mui/material/styles";

interface QueueChipProps extends Omit<ChipProps, "label" | "color"> {
  name: string;
  color: string;
}

/** A queue's name on its own colour, with readable text whatever the colour. */
export function QueueChip({ name, color, sx, ...chipProps }: QueueChipProps) {
  const theme = useTheme();
  const text = theme.palette.getContrastText(color);
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
