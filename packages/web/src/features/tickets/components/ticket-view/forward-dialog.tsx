import { limits, type ForwardTarget } from "@atendo/contracts";
import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import CircularProgress from "@mui/material/CircularProgress";
import DialogContent from "@mui/material/DialogContent";
import List from "@mui/material/List";
import ListItemAvatar from "@mui/material/ListItemAvatar";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "../../../../lib/i18n";
import { DialogSubmitActions } from "../../../../components/dialog-submit-actions";
import { ResponsiveDialog } from "../../../../components/responsive-dialog";
import { SearchField } from "../../../../components/search-field";
import { errorMessage } from "../../../../lib/error-message";
import { toast } from "../../../../lib/toast";
import { useDebouncedValue } from "../../../../lib/use-debounced-value";
import { initials } from "../../../contacts";
import { useForwardMessages, useForwardTargets } from "../../hooks/use-ticket-forward";
import { contactNumberText } from "../../../../lib/contact-number";

interface ForwardDialogProps {
  open: boolean;
  messageIds: readonly number[];
  onClose: () => void;
  onForwarded: () => void;
}

/** Picks up to five open tickets and forwards the selected messages to them (spec §4, §5). */
export function ForwardDialog({ open, messageIds, onClose, onForwarded }: ForwardDialogProps) {
  const { t } = useTranslation();
  return (
    <ResponsiveDialog open={open} onClose={onClose} title={t("ticketView.forward.title", { count: messageIds.length })}>
      {open && <ForwardBody messageIds={messageIds} onClose={onClose} onForwarded={onForwarded} />}
    </ResponsiveDialog>
  );
}

function ForwardBody({ messageIds, onClose, onForwarded }: Omit<ForwardDialogProps, "open">) {
  const { t } = useTranslation();
  const [input, setInput] = useState("");
  const search = useDebouncedValue(input.trim());
  const targets = useForwardTargets(search, true);
  const forward = useForwardMessages();
  const [picked, setPicked] = useState<ForwardTarget[]>([]);

  const toggle = (target: ForwardTarget) => {
    if (picked.some((item) => item.id === target.id)) {
      setPicked(picked.filter((item) => item.id !== target.id));
      return;
    }
    if (picked.length >= limits.forwardMaxTargets) {
      toast.warning(t("ticketView.forward.limit", { count: limits.forwardMaxTargets }));
      return;
    }
    setPicked([...picked, target]);
  };

  const send = () => {
    forward.mutate(
      { messageIds: [...messageIds], ticketIds: picked.map((item) => item.id) },
      {
        onSuccess: () => {
          toast.success(t("ticketView.forward.done", { count: picked.length }));
          onForwarded();
        },
      },
    );
  };

  // Picked tickets stay listed (and checked) while a search shows others.
  const listed = [...picked, ...(targets.data?.tickets ?? []).filter((target) => !picked.some((item) => item.id === target.id))];

  return (
    <>
      <DialogContent dividers sx={{ display: "flex", flexDirection: "column", gap: 1.5, minHeight: 320 }}>
        <Box sx={{ display: "flex" }}>
          <SearchField label={t("ticketView.forward.search")} value={input} onChange={setInput} />
        </Box>
        <Typography variant="caption" color="text.secondary" aria-live="polite">
          {t("ticketView.forward.picked", { count: picked.length, max: limits.forwardMaxTargets })}
        </Typography>
        {targets.error && <Alert severity="error">{t("ticketView.forward.loadError", { reason: errorMessage(targets.error) })}</Alert>}
        {targets.isPending && !targets.error && <CircularProgress size={24} aria-label={t("common.loading")} sx={{ alignSelf: "center" }} />}
        {targets.data && listed.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t("ticketView.forward.none")}
          </Typography>
        )}
        <List dense aria-label={t("ticketView.forward.targets")} sx={{ overflowY: "auto", flex: 1 }}>
          {listed.map((target) => {
            const checked = picked.some((item) => item.id === target.id);
            const labelId = `forward-target-${target.id}`;
            return (
              <ListItemButton key={target.id} onClick={() => toggle(target)} role="checkbox" aria-checked={checked} aria-labelledby={labelId}>
                <Checkbox edge="start" checked={checked} tabIndex={-1} disableRipple slotProps={{ input: { "aria-hidden": true } }} />
                <ListItemAvatar>
                  <Avatar src={target.contact.profilePicUrl ?? undefined} alt="" sx={{ bgcolor: "primary.light" }}>
                    {initials(target.contact.name) || undefined}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText id={labelId} primary={target.contact.name} secondary={`${contactNumberText(target.contact.number, t)} · ${target.whatsapp.name}`} />
              </ListItemButton>
            );
          })}
        </List>
      </DialogContent>
      <DialogSubmitActions
        label={t("ticketView.forward.send")}
        onCancel={onClose}
        onConfirm={send}
        pending={forward.isPending}
        disabled={picked.length === 0}
      />
    </>
  );
}
