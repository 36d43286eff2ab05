import type { Contact, TicketSummary } from "@atendo/contracts";
import DialogContent from "@mui/material/DialogContent";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../../../lib/i18n";
import { useNavigate } from "react-router";
import { DialogForm } from "../../../../components/dialog-form";
import { DialogSubmitActions } from "../../../../components/dialog-submit-actions";
import { ResponsiveDialog } from "../../../../components/responsive-dialog";
import { paths } from "../../../../lib/paths";
import { useCurrentUser } from "../../../../lib/session";
import { useCreateTicket, useStartConnections } from "../../hooks/use-ticket-list-actions";
import { ContactSearchField } from "./contact-search-field";

interface NewTicketDialogProps {
  open: boolean;
  onClose: () => void;
  /** The contact already has a ticket someone else holds (`ticketIsOpen`). */
  onAlreadyOpen: (ticket: TicketSummary) => void;
  /** Chosen beforehand ("Start chat" on the contacts page). */
  initialContact?: Contact | null;
}

/**
 * Starts a conversation with a contact (spec §2): contact, optional queue, and the connection
 * among those the user may use (docs/decisions/0041), shown when there is a choice.
 */
export function NewTicketDialog({ open, onClose, onAlreadyOpen, initialContact = null }: NewTicketDialogProps) {
  const { t } = useTranslation();
  return (
    <ResponsiveDialog open={open} onClose={onClose} title={t("ticketList.newTicket.title")}>
      {open && <NewTicketForm onClose={onClose} onAlreadyOpen={onAlreadyOpen} initialContact={initialContact} />}
    </ResponsiveDialog>
  );
}

const noQueue = "";

function NewTicketForm({ onClose, onAlreadyOpen, initialContact = null }: Omit<NewTicketDialogProps, "open">) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const connections = useStartConnections();
  const [contact, setContact] = useState<Contact | null>(initialContact);
  const [queueId, setQueueId] = useState<string>(noQueue);
  const [chosenConnection, setChosenConnection] = useState<string | null>(null);
  const creation = useCreateTicket();
  // Preselected: the user's own connection, else the default one (as the server would pick).
  const preselected = connections.data?.find((item) => item.id === me?.whatsappId) ?? connections.data?.find((item) => item.isDefault);
  const connectionId = chosenConnection ?? (preselected ? String(preselected.id) : "");

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (!contact) return;
    creation.mutate(
      {
        contactId: contact.id,
        status: "open",
        queueId: queueId === noQueue ? null : Number(queueId),
        whatsappId: connectionId === "" ? null : Number(connectionId),
      },
      {
        onSuccess: (result) => {
          onClose();
          if (result.ticketIsOpen) onAlreadyOpen(result.ticket);
          else void navigate(paths.ticket.href(result.ticket.id));
        },
      },
    );
  }

  return (
    <DialogForm onSubmit={submit}>
      <DialogContent dividers>
        <Stack spacing={2}>
          <ContactSearchField value={contact} onChange={setContact} />
          <TextField select label={t("ticketList.newTicket.queue")} value={queueId} onChange={(event) => setQueueId(event.target.value)}>
            <MenuItem value={noQueue}>
              <em>{t("ticketList.newTicket.noQueue")}</em>
            </MenuItem>
            {(me?.queues ?? []).map((queue) => (
              <MenuItem key={queue.id} value={String(queue.id)}>
                {queue.name}
              </MenuItem>
            ))}
          </TextField>
          {(connections.data?.length ?? 0) > 1 && (
            <TextField
              select
              label={t("ticketList.newTicket.connection")}
              value={connections.data ? connectionId : ""}
              onChange={(event) => setChosenConnection(event.target.value)}
              disabled={!connections.data}
            >
              {(connections.data ?? []).map((connection) => (
                <MenuItem key={connection.id} value={String(connection.id)}>
                  {connection.label ?? connection.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
      </DialogContent>
      <DialogSubmitActions label={t("ticketList.newTicket.start")} onCancel={onClose} pending={creation.isPending} disabled={!contact} />
    </DialogForm>
  );
}
