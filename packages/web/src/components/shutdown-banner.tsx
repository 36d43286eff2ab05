import CloseIcon from "@mui/icons-material/Close";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "../lib/i18n";
import { readPreference, storageKeys, writePreference } from "../lib/local-storage";
import { usePublicConfig } from "../lib/public-config";

/** "2025-12-31" is shown in the reader's format; any other text is shown as the server sent it. */
function formatShutdownDate(value: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  const format = new Intl.DateTimeFormat(language, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
  return format.format(date);
}

/** The red end-of-life warning (spec §1); its dismissal is remembered on this device. */
export function ShutdownBanner() {
  const { t, i18n } = useTranslation();
  const { config } = usePublicConfig();
  const [dismissed, setDismissed] = useState(() => readPreference(storageKeys.shutdownBannerDismissed) === "true");
  const banner = config.shutdownBanner;
  if (!banner || dismissed) return null;

  function dismiss(): void {
    writePreference(storageKeys.shutdownBannerDismissed, "true");
    setDismissed(true);
  }

  return (
    <Box
      component="section"
      aria-label={t("banner.label")}
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1,
        px: 2,
        py: 0.5,
        bgcolor: "error.main",
        color: "error.contrastText",
        flexShrink: 0,
      }}
    >
      <WarningAmberIcon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ flex: 1, py: 0.5 }}>
        {t("banner.text", { date: formatShutdownDate(banner.date, i18n.language) })}{" "}
        {banner.migrationUrl && (
          <Link
            href={banner.migrationUrl}
            target="_blank"
            rel="noopener noreferrer"
            color="inherit"
            sx={{ fontWeight: 700 }}
          >
            {t("banner.migrate")}
          </Link>
        )}
      </Typography>
      <IconButton size="small" color="inherit" aria-label={t("banner.dismiss")} onClick={dismiss}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
