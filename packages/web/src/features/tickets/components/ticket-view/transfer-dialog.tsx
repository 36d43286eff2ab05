import type { Ticket, TicketResult } from "@atendo/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import DialogContent from "@mui/material/DialogContent";
import FormHelperText from "@mui/material/FormHelperText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "../../../../lib/i18n";
import { FormSelectField } from "../../../../components/form-select-field";
import { DialogForm } from "../../../../components/dialog-form";
import { DialogSubmitActions } from "../../../../components/dialog-submit-actions";
import { ResponsiveDialog } from "../../../../components/responsive-dialog";
import { UserAutocomplete } from "../../../../components/users-autocomplete";
import { useConnections } from "../../../connections";
import { useQueues } from "../../../queues";
import { useUpdateTicket } from "../../hooks/use-ticket-actions";
import { bulkTransferFields, transferBody, transferDefaults, transferFormSchema, type BulkTransferFields, type TransferFormValues } from "./transfer-form.schema";

interface TransferDialogProps {
  open: boolean;
  ticket: Ticket;
  /** Admins may also move the ticket to another connection. */
  withConnection: boolean;
  onClose: () => void;
  /** Called before the first request: the ticket may leave the user's sight. */
  onStart: () => void;
  /** The last answer of the server (a `ticketIsOpen` answer stops the transfer there). */
  onTransferred: (result: TicketResult) => void;
  onFailed: () => void;
}

/** Transfer to an attendant and/or a queue (spec §4, §5), or to another connection (admins). */
export function TransferDialog({ open, onClose, ticket, withConnection, onStart, onTransferred, onFailed }: TransferDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateTicket(ticket.id);
  return (
    <ResponsiveDialog open={open} onClose={onClose} title={t("ticketView.transfer.title")} maxWidth="xs">
      {open && (
        <TransferForm
          currentWhatsappId={ticket.whatsappId}
          knownConnections={ticket.whatsappId === null ? [] : [{ id: ticket.whatsappId, name: ticket.whatsapp.name, label: ticket.whatsapp.label }]}
          excludeIds={ticket.userId === null ? [] : [ticket.userId]}
          withConnection={withConnection}
          onClose={onClose}
          onSubmit={async (values) => {
            onStart();
            const result = await update.mutateAsync(transferBody(values)).catch(() => null);
            if (result) onTransferred(result);
            else onFailed();
          }}
        />
      )}
    </ResponsiveDialog>
  );
}

interface BulkTransferDialogProps {
  open: boolean;
  /** How many tickets are transferred (the heading says it). */
  count: number;
  withConnection: boolean;
  onClose: () => void;
  /** The transfer's fields, as POST /tickets/bulk takes them (docs/decisions/0077). */
  onSubmit: (fields: BulkTransferFields) => Promise<void>;
}

/** The same form for the list's selection: each ticket keeps its connection unless one is chosen. */
export function BulkTransferDialog({ open, count, withConnection, onClose, onSubmit }: BulkTransferDialogProps) {
  const { t } = useTranslation();
  return (
    <ResponsiveDialog open={open} onClose={onClose} title={t("bulk.transferTitle", { count })} maxWidth="xs">
      {open && (
        <TransferForm
          currentWhatsappId={null}
          knownConnections={[]}
          excludeIds={[]}
          withConnection={withConnection}
          onClose={onClose}
          onSubmit={async (values) => {
            await onSubmit(bulkTransferFields(values));
            onClose();
          }}
        />
      )}
    </ResponsiveDialog>
  );
}

interface TransferFormProps {
  /** The ticket's connection; null: none to keep (a bulk transfer, or a deleted connection). */
  currentWhatsappId: number | null;
  /** Shown while the connections load (or for attendants, who cannot list them). */
  knownConnections: { id: number; name: string; label: string | null }[];
  excludeIds: number[];
  withConnection: boolean;
  onClose: () => void;
  onSubmit: (values: TransferFormValues) => Promise<void>;
}

function TransferForm({ currentWhatsappId, knownConnections, excludeIds, withConnection, onClose, onSubmit }: TransferFormProps) {
  const { t } = useTranslation();
  const queues = useQueues();
  const connections = useConnections({ silent: !withConnection });
  const form = useForm<TransferFormValues>({
    resolver: zodResolver(transferFormSchema),
    defaultValues: transferDefaults({ whatsappId: currentWhatsappId }),
  });
  const { control, handleSubmit, formState } = form;
  const submit = handleSubmit(onSubmit);

  return (
    <DialogForm onSubmit={submit}>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Controller
            control={control}
            name="user"
            render={({ field }) => (
              <UserAutocomplete
                label={t("ticketView.transfer.user")}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                excludeIds={excludeIds}
                error={Boolean(formState.errors.user)}
              />
            )}
          />
          <FormSelectField
            control={control}
            name="queueId"
            label={t("ticketView.transfer.queue")}
            format={(value) => value ?? ""}
            parse={(value) => (value === "" ? null : Number(value))}
            focusable={false}
            error={Boolean(formState.errors.user)}
          >
            <MenuItem value="">
              <em>{t("ticketView.transfer.noQueue")}</em>
            </MenuItem>
            {(queues.data ?? []).map((queue) => (
              <MenuItem key={queue.id} value={queue.id}>
                {queue.name}
              </MenuItem>
            ))}
          </FormSelectField>
          {withConnection && (
            <FormSelectField
              control={control}
              name="whatsappId"
              label={t("ticketView.transfer.connection")}
              format={(value) => value ?? currentWhatsappId ?? ""}
              parse={(value) => (value === "" ? null : Number(value))}
              focusable={false}
            >
              {currentWhatsappId === null && (
                <MenuItem value="">
                  <em>{t("ticketView.transfer.noQueue")}</em>
                </MenuItem>
              )}
              {(connections.data ?? knownConnections).map((connection) => (
                <MenuItem key={connection.id} value={connection.id}>
                  {connection.label ? `${connection.label} · ${connection.name}` : connection.name}
                </MenuItem>
              ))}
            </FormSelectField>
          )}
          <FormHelperText error={Boolean(formState.errors.user)}>
            {withConnection ? t("ticketView.transfer.hintAdmin") : t("ticketView.transfer.hint")}
          </FormHelperText>
        </Stack>
      </DialogContent>
      <DialogSubmitActions label={t("ticketView.transfer.submit")} onCancel={onClose} pending={formState.isSubmitting} />
    </DialogForm>
  );
}
