import CssBaseline from "@mui/material/CssBaseline";
import { Outlet } from "react-router";
import { AppThemeProvider } from "./app-theme";

/**
 * Layout route of every page built with MUI (all but the login page): the theme and MUI's baseline
 * styles. Lazy, so the login page's first download carries neither (docs/decisions/0043).
 */
export function MuiLayout() {
  return (
    <AppThemeProvider>
      {/* color-scheme on <html>: scrollbars and native controls follow the dark scheme too. */}
      <CssBaseline enableColorScheme />
      <Outlet />
    </AppThemeProvider>
  );
}
