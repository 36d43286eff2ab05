import type { Contact } from "@atendo/contracts";
import ChatOutlined from "@mui/icons-material/ChatOutlined";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { AdminTable, type RecordTableProps, ellipsis, RowLead, RowName, useCompactTable } from "../../../components/admin-table";
import { ContactAvatar } from "./contact-avatar";

/** `onDelete` is absent for users who may not delete contacts. */
interface ContactsTableProps extends RecordTableProps<Contact> {
  contacts: readonly Contact[];
  onStartChat: (contact: Contact) => void;
}

/** Avatar, name, number, email and actions; narrow screens put number and email under the name. */
export function ContactsTable({ contacts, onEdit, onStartChat, onDelete }: ContactsTableProps) {
  const { t } = useTranslation();
  const compact = useCompactTable();
  return (
    <AdminTable
      rows={contacts}
      columns={[
        {
          header: t("contacts.name"),
          cell: (contact) => (
            <RowLead lead={<ContactAvatar contact={contact} />}>
              <RowName>{contact.name}</RowName>
              {compact && (
                <Typography variant="body2" color="text.secondary" sx={ellipsis}>
                  {[contact.number, contact.email].filter(Boolean).join(" · ")}
                </Typography>
              )}
            </RowLead>
          ),
        },
        !compact && {
          header: t("contacts.number"),
          width: 200,
          cellSx: { fontVariantNumeric: "tabular-nums", ...ellipsis },
          cell: (contact) => contact.number,
        },
        !compact && { header: t("contacts.email"), cellSx: ellipsis, cell: (contact) => contact.email ?? "" },
      ]}
      actionsWidth={onDelete ? 136 : 100}
      before={(contact) => (
        <Tooltip title={t("contacts.startChat", { name: contact.name })}>
          <IconButton size="small" aria-label={t("contacts.startChat", { name: contact.name })} onClick={() => onStartChat(contact)}>
            <ChatOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      actionLabels={(contact) => ({ edit: t("contacts.edit", { name: contact.name }), delete: t("contacts.delete", { name: contact.name }) })}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}
