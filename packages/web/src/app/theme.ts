import { layout, type Language } from "@atendo/contracts";
import { enUS, esES, ptBR, type Localization } from "@mui/material/locale";
import { createTheme, type Theme } from "@mui/material/styles";

/** MUI's own texts (e.g. the "Close" button of alerts) follow the interface language. */
const muiLocales: Record<Language, Localization> = { en: enUS, pt: ptBR, es: esES };

/**
 * The keyboard focus indicator, the same on every control (issue 16): a near-black navy ring, at
 * least 3:1 against every surface it meets (17:1 on white, 3.1:1 on the teal app bar), with a white
 * halo where the control lets a shadow show. Drawn outside the control, 2 px away.
 */
const focusColour = "#0b1a3d";
const focusRing = { outline: `2px solid ${focusColour}`, outlineOffset: "2px", boxShadow: "0 0 0 2px #ffffff" } as const;

/** The same ring drawn inside: rows and tabs sit in containers that clip what overflows them. */
const insetFocusRing = { outline: `2px solid ${focusColour}`, outlineOffset: "-2px", boxShadow: "inset 0 0 0 4px #ffffff" } as const;

/** Atendo's look: calm teal, light surfaces, rounded cards; breakpoints of spec §9. */
const baseTheme = {
  breakpoints: { values: { ...layout.breakpoints } },
  palette: {
    mode: "light",
    primary: { main: "#0f766e", light: "#14b8a6", dark: "#115e59", contrastText: "#ffffff" },
    secondary: { main: "#334155" },
    error: { main: "#c62828" },
    // MUI's default warning (#ed6c02) and info (#0288d1) are below 4.5:1 as text on white (WCAG AA);
    // these are the same hues, darkened until they pass (5.0:1 and 5.9:1).
    warning: { main: "#b45309" },
    info: { main: "#0369a1" },
    background: { default: "#f4f6f8", paper: "#ffffff" },
  },
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
    MuiCssBaseline: { styleOverrides: { "*:focus-visible": insetFocusRing } },
    // Every button-like control (buttons, icon buttons, switches, checkboxes, list rows, tabs) is a ButtonBase.
    MuiButtonBase: { styleOverrides: { root: { "&.Mui-focusVisible": focusRing } } },
    MuiChip: { styleOverrides: { root: { "&.Mui-focusVisible": focusRing } } },
    // A disabled field's help still explains it (why it is off, what it will hold): kept readable.
    MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ "&.Mui-disabled": { color: theme.palette.text.secondary } }) } },
    MuiListItemButton: { styleOverrides: { root: { "&.Mui-focusVisible": insetFocusRing } } },
    MuiMenuItem: { styleOverrides: { root: { "&.Mui-focusVisible": insetFocusRing } } },
    MuiTab: { styleOverrides: { root: { "&.Mui-focusVisible": insetFocusRing } } },
    // A switch clips its round thumb area: the ring goes inside that circle.
    MuiSwitch: { styleOverrides: { switchBase: { "&.Mui-focusVisible": insetFocusRing } } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiCard: { defaultProps: { variant: "outlined" } },
    // Its own focus style (a shadow, removed with the elevation) would drop the ring's white halo.
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { "&.Mui-focusVisible": focusRing } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiTooltip: { defaultProps: { arrow: true } },
  },
} satisfies Parameters<typeof createTheme>[0];

export function createAppTheme(language: Language): Theme {
  return createTheme(baseTheme, muiLocales[language]);
}
