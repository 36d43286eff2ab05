import CloudOffIcon from "@mui/icons-material/CloudOff";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import { useTranslation } from "../lib/i18n";
import { useOffline } from "../lib/connectivity";

/** Shown while the server cannot be reached; it goes by itself when the app reconnects (lib/connectivity.ts). */
export function OfflineBanner() {
  const { t } = useTranslation();
  const offline = useOffline();
  return (
    // The live region stays mounted so screen readers announce the text when it appears.
    <Box role="status" aria-live="polite" sx={{ flexShrink: 0 }}>
      {offline && (
        <Alert severity="warning" role="none" icon={<CloudOffIcon fontSize="small" />} sx={{ borderRadius: 0, py: 0 }}>
          {t("connectivity.offline")}
        </Alert>
      )}
    </Box>
  );
}
