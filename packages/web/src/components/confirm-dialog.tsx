import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { ConfirmTarget } from "../lib/use-confirm-target";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot be undone. */
export function ConfirmDialog({ open, title, message, confirmLabel, danger, onConfirm, onClose }: ConfirmDialogProps) {
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
        <Button onClick={onClose}>{t("common.cancel")}</Button>
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

interface ConfirmDeleteDialogProps<T> {
  /** The record asked about (useConfirmTarget). */
  confirm: ConfirmTarget<T>;
  title: string;
  message: string;
  onDelete: (target: T) => void;
}

/** Asks before deleting a record of a list page. */
export function ConfirmDeleteDialog<T>({ confirm, title, message, onDelete }: ConfirmDeleteDialogProps<T>) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={confirm.open}
      title={title}
      message={message}
      confirmLabel={t("common.delete")}
      danger
      onConfirm={() => confirm.target && onDelete(confirm.target)}
      onClose={confirm.close}
    />
  );
}
