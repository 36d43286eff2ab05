import ThemeProvider from "@mui/system/ThemeProvider";
import { useMemo, type ReactNode } from "react";
import { currentLanguage, useTranslation } from "../lib/i18n";
import { createAppTheme } from "./theme";
import { useThemeMode } from "./theme-mode";

/** Atendo's MUI theme, in the interface language (MUI's own texts follow it) and the chosen colour scheme. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  // useTranslation re-renders this component when the language switcher changes the language.
  const language = currentLanguage(i18n.resolvedLanguage);
  const { scheme } = useThemeMode();
  // `vars: null`, as MUI's own ThemeProvider sets for a theme without CSS variables.
  const theme = useMemo(() => ({ ...createAppTheme(language, scheme), vars: null }), [language, scheme]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
