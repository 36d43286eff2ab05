import { layout, type Language } from "@atendo/contracts";
import { enUS, esES, ptBR, type Localization } from "@mui/material/locale";
import { createTheme, type Theme } from "@mui/material/styles";
import type { ColorScheme } from "./theme-mode";

/** MUI's own texts (e.g. the "Close" button of alerts) follow the interface language. */
const muiLocales: Record<Language, Localization> = { en: enUS, pt: ptBR, es: esES };

/**
 * The keyboard focus indicator, the same on every control (issue 16): a near-black navy ring, at
 * least 3:1 against every surface it meets (17:1 on white, 3.1:1 on the teal app bar), with a white
 * halo where the control lets a shadow show. Drawn outside the control, 2 px away. In dark the
 * colours swap: a near-white ring with a near-black halo (docs/decisions/0076).
 */
const focusColours = { light: { ring: "#0b1a3d", halo: "#ffffff" }, dark: { ring: "#e6f4f1", halo: "#0b0f12" } } as const;
const focusRing = (scheme: ColorScheme) => ({ outline: `2px solid ${focusColours[scheme].ring}`, outlineOffset: "2px", boxShadow: `0 0 0 2px ${focusColours[scheme].halo}` }) as const;

/** The same ring drawn inside: rows and tabs sit in containers that clip what overflows them. */
const insetFocusRing = (scheme: ColorScheme) =>
  ({ outline: `2px solid ${focusColours[scheme].ring}`, outlineOffset: "-2px", boxShadow: `inset 0 0 0 4px ${focusColours[scheme].halo}` }) as const;

const lightPalette = {
  mode: "light",
  primary: { main: "#0f766e", light: "#14b8a6", dark: "#115e59", contrastText: "#ffffff" },
  secondary: { main: "#334155" },
  error: { main: "#c62828" },
  // MUI's default warning (#ed6c02) and info (#0288d1) are below 4.5:1 as text on white (WCAG AA);
  // these are the same hues, darkened until they pass (5.0:1 and 5.9:1).
  warning: { main: "#b45309" },
  info: { main: "#0369a1" },
  background: { default: "#f4f6f8", paper: "#ffffff" },
} as const;

/**
 * The same hues lightened until they pass 4.5:1 as text on the dark surfaces (the teal 9.6:1 on
 * the paper); contained buttons write on them in near-black.
 */
const darkPalette = {
  mode: "dark",
  primary: { main: "#2dd4bf", light: "#5eead4", dark: "#14b8a6", contrastText: "#042f2e" },
  secondary: { main: "#cbd5e1" },
  error: { main: "#f87171" },
  warning: { main: "#fbbf24" },
  info: { main: "#38bdf8" },
  success: { main: "#4ade80" },
  background: { default: "#0f1417", paper: "#172026" },
} as const;

/** Atendo's look: calm teal, light surfaces, rounded cards; breakpoints of spec §9. */
const themeOf = (scheme: ColorScheme) => ({
  palette: scheme === "dark" ? darkPalette : lightPalette,
  breakpoints: { values: { ...layout.breakpoints } },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontSize: "1.75rem", fontWeight: 600 },
    h2: { fontSize: "1.375rem", fontWeight: 600 },
    h3: { fontSize: "1.125rem", fontWeight: 600 },
    button: { textTransform: "none", fontWeight: 600 },
  },
  components: {
    // Anything focusable that is not one of MUI's controls (links, lists and panes with a tabindex):
    // drawn inside, as these are often as large as the scrolling box that holds them.
    MuiCssBaseline: { styleOverrides: { "*:focus-visible": insetFocusRing(scheme) } },
    // Every button-like control (buttons, icon buttons, switches, checkboxes, list rows, tabs) is a ButtonBase.
    MuiButtonBase: { styleOverrides: { root: { "&.Mui-focusVisible": focusRing(scheme) } } },
    MuiChip: { styleOverrides: { root: { "&.Mui-focusVisible": focusRing(scheme) } } },
    // A disabled field's help still explains it (why it is off, what it will hold): kept readable.
    MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ "&.Mui-disabled": { color: theme.palette.text.secondary } }) } },
    MuiListItemButton: { styleOverrides: { root: { "&.Mui-focusVisible": insetFocusRing(scheme) } } },
    MuiMenuItem: { styleOverrides: { root: { "&.Mui-focusVisible": insetFocusRing(scheme) } } },
    MuiTab: { styleOverrides: { root: { "&.Mui-focusVisible": insetFocusRing(scheme) } } },
    // A switch clips its round thumb area: the ring goes inside that circle.
    MuiSwitch: { styleOverrides: { switchBase: { "&.Mui-focusVisible": insetFocusRing(scheme) } } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiCard: { defaultProps: { variant: "outlined" } },
    // Its own focus style (a shadow, removed with the elevation) would drop the ring's white halo.
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { "&.Mui-focusVisible": focusRing(scheme) } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiTooltip: { defaultProps: { arrow: true } },
  },
}) satisfies Parameters<typeof createTheme>[0];

export function createAppTheme(language: Language, scheme: ColorScheme = "light"): Theme {
  return createTheme(themeOf(scheme), muiLocales[language]);
}
