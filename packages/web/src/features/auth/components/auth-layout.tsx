import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { OfflineBanner } from "../../../components/offline-banner";
import { ShutdownBanner } from "../../../components/shutdown-banner";
import { UpdateBanner } from "../../../components/update-banner";
import { defaultLogoUrl, usePublicConfig } from "../../../lib/public-config";

interface AuthLayoutProps {
  title: string;
  /** Shown beside the form on wide screens only. */
  aside?: ReactNode;
  children: ReactNode;
}

/** Frame of the public pages: banner, optional side panel, a centred card with the login logo. */
export function AuthLayout({ title, aside, children }: AuthLayoutProps) {
  const { config } = usePublicConfig();
  const logo = config.loginLogoUrl || config.appLogoUrl || defaultLogoUrl;
  return (
    <Box sx={{ minHeight: "100dvh", display: "flex", flexDirection: "column", bgcolor: "background.default" }}>
      <ShutdownBanner />
      <UpdateBanner />
      <OfflineBanner />
      <Box sx={{ flex: 1, display: "flex" }}>
        {aside}
        <Box
          component="main"
          sx={{ flex: 1, display: "flex", alignItems: "center", justifyContent: "center", p: { xs: 2, sm: 3 } }}
        >
          <Paper variant="outlined" sx={{ width: "100%", maxWidth: 420, p: { xs: 3, sm: 4 } }}>
            <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 1, mb: 3 }}>
              <Box
                component="img"
                src={logo}
                alt={config.appTitle}
                sx={{ height: 64, maxWidth: "100%", objectFit: "contain" }}
              />
              <Typography variant="h1" component="h1" sx={{ mt: 1, textAlign: "center" }}>
                {title}
              </Typography>
            </Box>
            {children}
          </Paper>
        </Box>
      </Box>
    </Box>
  );
}
