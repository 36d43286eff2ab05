import { useTheme } from "@mui/material/styles";

/**
 * The charts' colours. Series: teal and orange, both above 4.5:1 on white (so also readable as
 * text) and told apart by colour-blind eyes. Heat map: none (neutral), then light to dark teal.
 * In the dark scheme (decision 0076) the same hues, lightened to stand out on the dark surfaces,
 * and the heat map runs from a near-background slate to bright teal: more is brighter there.
 */
const palettes = {
  light: { series: ["#0f766e", "#c2410c"], heat: ["#eef2f6", "#99f6e4", "#2dd4bf", "#0f766e", "#134e4a"] },
  dark: { series: ["#2dd4bf", "#fb923c"], heat: ["#243039", "#134e4a", "#0f766e", "#14b8a6", "#5eead4"] },
} as const;

export type ChartColours = (typeof palettes)[keyof typeof palettes];

/** The charts' colours in the scheme the screen is drawn in. */
export function useChartColours(): ChartColours {
  return palettes[useTheme().palette.mode];
}
