import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { readPreference, storageKeys, writePreference } from "../../../lib/local-storage";
import { requestNotificationPermission, useNotificationState } from "../../../lib/notifications";

/**
 * Asks politely whether to turn on browser notifications: a small note with a button, shown above
 * the ticket tabs while the browser has not been asked; "Not now" is remembered.
 */
export function NotificationsPrompt() {
  const { t } = useTranslation();
  const state = useNotificationState();
  const [dismissed, setDismissed] = useState(() => readPreference(storageKeys.notificationsPromptDismissed) === "true");
  if (state !== "default" || dismissed) return null;

  function dismiss(): void {
    setDismissed(true);
    writePreference(storageKeys.notificationsPromptDismissed, "true");
  }

  // Inline above the tabs, not floating: a floating note would cover the message input.
  return (
    <Alert severity="info" variant="outlined" sx={{ mx: 1.5, mb: 1, py: 0, "& .MuiAlert-message": { width: "100%" } }}>
      {t("ticketList.notifications.ask")}
      <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1, mt: 0.5 }}>
        <Button color="inherit" size="small" onClick={dismiss}>
          {t("ticketList.notifications.later")}
        </Button>
        <Button variant="contained" size="small" onClick={() => void requestNotificationPermission()}>
          {t("ticketList.notifications.enable")}
        </Button>
      </Box>
    </Alert>
  );
}
