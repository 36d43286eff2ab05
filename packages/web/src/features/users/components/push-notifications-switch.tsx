import Alert from "@mui/material/Alert";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import { useEffect, useId, useState } from "react";
import { toastError } from "../../../lib/error-message";
import { currentLanguage, useTranslation } from "../../../lib/i18n";
import { PushServiceUnreachable } from "../../../lib/push-subscribe";
import { toast } from "../../../lib/toast";
import { disablePush, enablePush, readPushState, type PushState } from "../../../lib/web-push";

/**
 * "Notify me on this device when Atendo is closed" (docs/decisions/0042): a setting of this
 * browser, applied at once (not with the profile form's Save).
 */
export function PushNotificationsSwitch() {
  const { t } = useTranslation();
  const helpId = useId();
  const [state, setState] = useState<PushState | "loading">("loading");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    readPushState().then(
      (read) => current && setState(read),
      () => current && setState("off"),
    );
    return () => {
      current = false;
    };
  }, []);

  async function toggle(on: boolean): Promise<void> {
    setBusy(true);
    try {
      const next = on ? await enablePush(currentLanguage()) : await disablePush();
      setState(next);
      if (next === "on") toast.success(t("pushNotifications.enabled"));
      else if (!on) toast.success(t("pushNotifications.disabled"));
    } catch (error) {
      // The switch stays as it was (off), usable again at once.
      if (error instanceof PushServiceUnreachable) toast.error(t("pushNotifications.unreachable"));
      else toastError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    // Above the profile form's content, aligned with it (the dialog's padding).
    <Stack spacing={1} sx={{ px: 3, pb: 2 }}>
      <FormControlLabel
        control={
          <Switch
            checked={state === "on"}
            disabled={busy || state === "loading" || state === "unsupported"}
            onChange={(_event, checked) => void toggle(checked)}
            slotProps={{ input: { "aria-describedby": helpId } }}
          />
        }
        label={t("pushNotifications.label")}
      />
      <FormHelperText id={helpId} sx={{ mt: 0 }}>
        {t("pushNotifications.help")}
      </FormHelperText>
      {state === "unsupported" && <Alert severity="info">{t("pushNotifications.unsupported")}</Alert>}
      {state === "denied" && <Alert severity="warning">{t("pushNotifications.denied")}</Alert>}
    </Stack>
  );
}
