import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { QueryClientProvider } from "@tanstack/react-query";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../lib/i18n";
import { queryClient } from "../lib/query-client";
import { Toaster } from "../lib/toaster";
import { createAppTheme } from "./theme";

export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  // useTranslation re-renders this component when the language switcher changes the language.
  const language = currentLanguage(i18n.resolvedLanguage);
  const theme = useMemo(() => createAppTheme(language), [language]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
