import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Snackbar from "@mui/material/Snackbar";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { readPreference, storageKeys, writePreference } from "../../../lib/local-storage";
import { requestNotificationPermission, useNotificationState } from "../../../lib/notifications";

/**
 * Asks politely whether to turn on browser notifications: a small note with a button, shown on
 * the tickets page while the browser has not been asked; "Not now" is remembered.
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

  return (
    <Snackbar open anchorOrigin={{ vertical: "bottom", horizontal: "right" }}>
      <Alert
        severity="info"
        variant="outlined"
        sx={{ bgcolor: "background.paper", alignItems: "center" }}
        action={
          <>
            <Button color="inherit" size="small" onClick={dismiss} sx={{ whiteSpace: "nowrap" }}>
              {t("ticketList.notifications.later")}
            </Button>
            <Button variant="contained" size="small" onClick={() => void requestNotificationPermission()} sx={{ whiteSpace: "nowrap" }}>
              {t("ticketList.notifications.enable")}
            </Button>
          </>
        }
      >
        {t("ticketList.notifications.ask")}
      </Alert>
    </Snackbar>
  );
}
