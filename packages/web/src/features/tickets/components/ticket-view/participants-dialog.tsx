import type { Ticket, UserRef } from "@atendo/contracts";
import PersonRemoveIcon from "@mui/icons-material/PersonRemove";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "../../../../lib/i18n";
import { ResponsiveDialog } from "../../../../components/responsive-dialog";
import { UsersAutocomplete } from "../../../../components/users-autocomplete";
import { toast } from "../../../../lib/toast";
import { useAddParticipants, useRemoveParticipant } from "../../hooks/use-ticket-actions";

interface ParticipantsDialogProps {
  open: boolean;
  ticket: Ticket;
  viewerId: number;
  canAdd: boolean;
  canRemove: boolean;
  onClose: () => void;
  /** The viewer removes themselves: the view leaves the ticket. */
  onLeave: () => void;
}

/** Who else works on the ticket: add users not in it yet (at least one), remove participants. */
export function ParticipantsDialog({ open, ticket, viewerId, canAdd, canRemove, onClose, onLeave }: ParticipantsDialogProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<UserRef[]>([]);
  const add = useAddParticipants(ticket.id);
  const remove = useRemoveParticipant(ticket.id);
  const inTicket = [...(ticket.userId === null ? [] : [ticket.userId]), ...ticket.userTicket.map((row) => row.userId)];

  const close = () => {
    setPicked([]);
    onClose();
  };
  const submit = () => {
    add.mutate(
      picked.map((user) => user.id),
      {
        onSuccess: () => {
          toast.success(t("ticketView.participants.added", { count: picked.length }));
          setPicked([]);
        },
      },
    );
  };

  return (
    <ResponsiveDialog open={open} onClose={close} title={t("ticketView.participants.title")} maxWidth="xs">
      <DialogContent dividers>
        {ticket.userTicket.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t("ticketView.participants.none")}
          </Typography>
        ) : (
          <List dense aria-label={t("ticketView.participants.title")} disablePadding>
            {ticket.userTicket.map((row) => {
              const self = row.userId === viewerId;
              const label = self ? t("ticketView.participants.leave") : t("ticketView.participants.remove", { name: row.user.name });
              return (
                <ListItem
                  key={row.userId}
                  disableGutters
                  secondaryAction={
                    (canRemove || self) && (
                      <Tooltip title={label}>
                        <IconButton edge="end" aria-label={label} onClick={() => (self ? onLeave() : remove.mutate(row.userId))} disabled={remove.isPending}>
                          <PersonRemoveIcon />
                        </IconButton>
                      </Tooltip>
                    )
                  }
                >
                  <ListItemText primary={row.user.name} secondary={self ? t("ticketView.participants.you") : undefined} />
                </ListItem>
              );
            })}
          </List>
        )}
        {canAdd && (
          <Box sx={{ mt: 2 }}>
            <UsersAutocomplete
              label={t("ticketView.participants.add")}
              helperText={t("ticketView.participants.addHint")}
              value={picked}
              onChange={setPicked}
              excludeIds={inTicket}
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t("ticketView.close")}</Button>
        {canAdd && (
          <Button variant="contained" onClick={submit} disabled={picked.length === 0} loading={add.isPending}>
            {t("ticketView.participants.submit")}
          </Button>
        )}
      </DialogActions>
    </ResponsiveDialog>
  );
}
