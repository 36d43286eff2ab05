import SystemUpdateAltIcon from "@mui/icons-material/SystemUpdateAlt";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../lib/i18n";
import { usePublicConfig } from "../lib/public-config";
import { applyUpdate, useUpdateWaiting } from "../lib/service-worker";

/** "A new version is available — Reload" while a newer service worker waits (lib/service-worker.ts); never dismissed. */
export function UpdateBanner() {
  const { t } = useTranslation();
  const { config } = usePublicConfig();
  const waiting = useUpdateWaiting();
  if (!waiting) return null;
  return (
    <Box
      component="section"
      aria-label={t("update.label")}
      sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, py: 0.5, bgcolor: "primary.main", color: "primary.contrastText", flexShrink: 0 }}
    >
      <SystemUpdateAltIcon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ flex: 1, py: 0.5 }}>
        {t("update.available", { title: config.appTitle })}
      </Typography>
      <Button size="small" color="inherit" variant="outlined" onClick={applyUpdate}>
        {t("update.reload")}
      </Button>
    </Box>
  );
}
