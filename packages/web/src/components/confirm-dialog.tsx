import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useId } from "react";
import { useTranslation } from "../lib/i18n";
import { isApiError, type ApiError } from "../lib/api-error";
import { toast } from "../lib/toast";
import { useDialogTarget, type DialogTarget } from "../lib/use-dialog-target";
import { InUseDialog } from "./in-use-dialog";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  /** The button that backs out, when "Cancel" would be ambiguous (cancelling a campaign). */
  cancelLabel?: string;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot be undone. */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel, danger, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{cancelLabel ?? t("common.cancel")}</Button>
        <Button
          variant="contained"
          color={danger ? "error" : "primary"}
          onClick={() => {
            onConfirm();
            onClose();
          }}
          autoFocus
        >
          {confirmLabel ?? t("common.confirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface ConfirmDeleteDialogProps<T extends { id: number }> {
  /** The record asked about (useDialogTarget). */
  confirm: DialogTarget<T>;
  title: string;
  message: string;
  /** Deletes by id (a refusal because something still routes to the record is shown here, not toasted). */
  deletion: { mutate: (id: number, options: { onSuccess: () => void; onError: (error: Error) => void }) => void };
  /** The toast once the record is gone. */
  deletedMessage: string;
}

/**
 * Asks before deleting a record of a list page, deletes it and says so; a delete refused because
 * connections, menus or announcements still route to the record says who they are.
 */
export function ConfirmDeleteDialog<T extends { id: number }>({ confirm, title, message, deletion, deletedMessage }: ConfirmDeleteDialogProps<T>) {
  const { t } = useTranslation();
  const refused = useDialogTarget<ApiError>();
  return (
    <>
      <ConfirmDialog
        open={confirm.open}
        title={title}
        message={message}
        confirmLabel={t("common.delete")}
        danger
        onConfirm={() =>
          confirm.target &&
          deletion.mutate(confirm.target.id, {
            onSuccess: () => toast.success(deletedMessage),
            onError: (error) => isApiError(error, "ERR_DESTINATION_IN_USE") && refused.show(error),
          })
        }
        onClose={confirm.close}
      />
      <InUseDialog open={refused.open} error={refused.target} onClose={refused.close} />
    </>
  );
}
