import Box from "@mui/material/Box";

/** A small square of a queue's colour; decorative, the hex or name beside it says the colour. */
export function ColorSwatch({ color, size = 20 }: { color: string; size?: number }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 1,
        bgcolor: color,
        border: 1,
        borderColor: "divider",
      }}
    />
  );
}
