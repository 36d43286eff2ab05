import { ThemeProvider } from "@mui/material/styles";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../lib/i18n";
import { createAppTheme } from "./theme";

/** Atendo's MUI theme, in the interface language (MUI's own texts follow it). */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  // useTranslation re-renders this component when the language switcher changes the language.
  const language = currentLanguage(i18n.resolvedLanguage);
  const theme = useMemo(() => createAppTheme(language), [language]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
