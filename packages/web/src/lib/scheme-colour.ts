import type { Theme } from "@mui/material/styles";

/**
 * A colour of the app's own (a chat's wallpaper, a bubble) in each scheme, as an `sx` value: MUI
 * calls it with the theme (docs/decisions/0076). For colours the palette has no name for.
 */
export function schemeColour(light: string, dark: string): (theme: Theme) => string {
  return (theme) => (theme.palette.mode === "dark" ? dark : light);
}
