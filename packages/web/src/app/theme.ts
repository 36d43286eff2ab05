import { layout, type Language } from "@atendo/contracts";
import { enUS, esES, ptBR, type Localization } from "@mui/material/locale";
import { createTheme, type Theme } from "@mui/material/styles";

/** MUI's own texts (e.g. the "Close" button of alerts) follow the interface language. */
const muiLocales: Record<Language, Localization> = { en: enUS, pt: ptBR, es: esES };

/** Atendo's look: calm teal, light surfaces, rounded cards; breakpoints of spec §9. */
const baseTheme = {
  breakpoints: { values: { ...layout.breakpoints } },
  palette: {
    mode: "light",
    primary: { main: "#0f766e", light: "#14b8a6", dark: "#115e59", contrastText: "#ffffff" },
    secondary: { main: "#334155" },
    error: { main: "#c62828" },
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
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiCard: { defaultProps: { variant: "outlined" } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiTooltip: { defaultProps: { arrow: true } },
  },
} satisfies Parameters<typeof createTheme>[0];

export function createAppTheme(language: Language): Theme {
  return createTheme(baseTheme, muiLocales[language]);
}
