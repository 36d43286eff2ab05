import type { Connection } from "@atendo/contracts";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useEffect, useState } from "react";
import { DialogSubmitActions } from "../../../components/dialog-submit-actions";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { useTranslation } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { useMoveCustomers } from "../hooks/use-connection-incidents";

interface MoveCustomersDialogProps {
  /** The connection whose customers move; null: closed. */
  source: Connection | null;
  open: boolean;
  connections: readonly Connection[];
  onClose: () => void;
}

/**
 * "Move customers" (issue 31): a banned or replaced number's conversations and routing go to
 * another connection. Says what moves and what stays before the admin confirms.
 */
export function MoveCustomersDialog({ source, open, connections, onClose }: MoveCustomersDialogProps) {
  const { t } = useTranslation();
  const mutation = useMoveCustomers();
  const targets = connections.filter((connection) => connection.id !== source?.id);
  const [targetId, setTargetId] = useState<number | "">("");
  useEffect(() => {
    if (open) setTargetId("");
  }, [open]);
  const target = targets.find((connection) => connection.id === targetId);
  const names = { source: source?.name ?? "", target: target?.name ?? t("numberSafety.theTarget") };

  function confirm(): void {
    if (!source || !target) return;
    mutation.mutate(
      { id: source.id, toWhatsappId: target.id },
      {
        onSuccess: (result) => {
          const moved = t("numberSafety.moved", { count: result.moved, target: target.name });
          toast.success(result.closed > 0 ? `${moved} ${t("numberSafety.movedClosed", { closed: result.closed, target: target.name })}` : moved);
          onClose();
        },
      },
    );
  }

  return (
    <ResponsiveDialog open={open} onClose={onClose} title={t("numberSafety.moveTitle", { source: names.source })}>
      <DialogContent>
        <TextField
          select
          fullWidth
          margin="dense"
          label={t("numberSafety.target")}
          value={targetId}
          onChange={(event) => setTargetId(Number(event.target.value))}
          helperText={targets.length === 0 ? t("numberSafety.noTarget") : undefined}
        >
          {targets.map((connection) => (
            <MenuItem key={connection.id} value={connection.id}>
              {connection.label ? `${connection.label} · ${connection.name}` : connection.name}
            </MenuItem>
          ))}
        </TextField>
        <DialogContentText component="ul" sx={{ mt: 2, pl: 2.5, "& li": { mb: 0.75 } }}>
          <li>{t("numberSafety.explainActive", names)}</li>
          <li>{t("numberSafety.explainConflict", names)}</li>
          <li>{t("numberSafety.explainHistory", names)}</li>
          <li>{t("numberSafety.explainRouting", names)}</li>
        </DialogContentText>
      </DialogContent>
      <DialogSubmitActions label={t("numberSafety.move")} color="warning" onCancel={onClose} onConfirm={confirm} pending={mutation.isPending} disabled={!target} lockCancelWhilePending />
    </ResponsiveDialog>
  );
}
