import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import { useTranslation } from "../../../lib/i18n";
import type { FeedbackOutcome } from "../hooks/use-send-feedback";

const texts: Record<FeedbackOutcome, string> = {
  mailed: "feedback.sent",
  stored: "feedback.storedForAdmins",
  mailFailed: "errors.ERR_SEND_MAIL",
};

/** After sending: where the message went (e-mailed, or stored for the administrators to read). */
export function FeedbackSent({ outcome, onClose }: { outcome: FeedbackOutcome; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <DialogContent dividers>
        <Alert severity={outcome === "mailFailed" ? "info" : "success"} role="status">
          {t(texts[outcome])}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t("feedback.close")}
        </Button>
      </DialogActions>
    </>
  );
}
