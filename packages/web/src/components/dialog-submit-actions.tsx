import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import { useTranslation } from "../lib/i18n";

interface DialogSubmitActionsProps {
  /** The main button's text ("Save", "Send", ...). */
  label: string;
  onCancel: () => void;
  /** The request is on its way: the main button shows it. */
  pending?: boolean;
  disabled?: boolean;
  /** Acts on click instead of submitting the surrounding form. */
  onConfirm?: () => void;
  color?: "primary" | "warning";
  /** Cancel waits for the request as well (the form cannot be left half-saved). */
  lockCancelWhilePending?: boolean;
}

/** A dialog's footer: Cancel, then the main action (the form's submit button unless `onConfirm`). */
export function DialogSubmitActions({ label, onCancel, pending, disabled, onConfirm, color, lockCancelWhilePending }: DialogSubmitActionsProps) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={lockCancelWhilePending && pending}>
        {t("common.cancel")}
      </Button>
      <Button type={onConfirm ? "button" : "submit"} variant="contained" color={color} disabled={disabled} loading={pending} onClick={onConfirm}>
        {label}
      </Button>
    </DialogActions>
  );
}
