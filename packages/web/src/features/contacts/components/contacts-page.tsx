import { can, type Contact } from "@atendo/contracts";
import ChatOutlined from "@mui/icons-material/ChatOutlined";
import ContentCopyOutlined from "@mui/icons-material/ContentCopyOutlined";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { ellipsis, nameColumn, RowDetail, textColumn, useCompactTable } from "../../../components/admin-table";
import { EntityListPage, type EntityColumns } from "../../../components/entity-list-page";
import { useCurrentUser } from "../../../lib/session";
import { useStartChat } from "../../../lib/start-chat";
import { useDialogTarget } from "../../../lib/use-dialog-target";
import { useSearchedList } from "../../../lib/use-searched-list";
import { ImportContacts } from "../../contact-import";
import { contactsListQueryOptions, optedOutContactsListQueryOptions } from "../api/contacts.queries";
import { useContactsLive, useDeleteContact, useRefetchContactLists } from "../hooks/use-contacts";
import { ContactAvatar } from "./contact-avatar";
import { TagChips } from "../../tags";
import { ContactDialog } from "./contact-dialog";
import { ContactTagsButton } from "./contact-tags-button";
import { DuplicatesDialog } from "./duplicates-dialog";
import { ExportContactsButton } from "./export-contacts-button";
import { OptedOutChip, OptedOutFilter, OptInButton } from "./opt-out";
import { ToolButton } from "./tool-button";
import { ContactSchedulesButton } from "../../schedules";
import { ContactNumberLabel } from "../../../components/contact-number-label";
import { contactNumberText } from "../../../lib/contact-number";

/** Avatar, name, number and email; narrow screens put number and email under the name. */
function useColumns(): EntityColumns<Contact> {
  const { t } = useTranslation();
  const compact = useCompactTable();
  return [
    nameColumn(t("contacts.name"), {
      lead: (contact) => <ContactAvatar contact={contact} />,
      details: (contact) => (
        <>
          {compact && <RowDetail>{[contactNumberText(contact.number, t), contact.email].filter(Boolean).join(" · ")}</RowDetail>}
          <OptedOutChip contact={contact} />
          <TagChips tags={contact.tags} aria-label={t("tags.list")} sx={{ mt: 0.5 }} />
        </>
      ),
    }),
    !compact && { header: t("contacts.number"), width: 200, cellSx: { fontVariantNumeric: "tabular-nums", ...ellipsis }, cell: (contact) => <ContactNumberLabel number={contact.number} /> },
    !compact && textColumn(t("contacts.email"), (contact) => contact.email ?? ""),
  ];
}

/** Opens the new-ticket dialog on /tickets with the contact chosen. */
function StartChatButton({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const startChat = useStartChat();
  const label = t("contacts.startChat", { name: contact.name });
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={() => startChat(contact)}>
        <ChatOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** Import, export (what the search shows) and duplicates: the contacts page's admin tools. */
function AdminTools({ search, onImported, onDuplicates }: { search: string; onImported: () => void; onDuplicates: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <ImportContacts onImported={onImported} />
      <ExportContactsButton search={search} />
      <ToolButton label={t("contactDuplicates.button")} icon={<ContentCopyOutlined />} onClick={onDuplicates} />
    </>
  );
}

/**
 * /contacts (everyone; deleting, importing, exporting, merging and allowing messages again to a
 * contact who opted out are for admins). The opted-out filter shows only those contacts.
 */
export function ContactsPage() {
  const me = useCurrentUser();
  const [optedOutOnly, setOptedOutOnly] = useState(false);
  const list = useSearchedList(optedOutOnly ? optedOutContactsListQueryOptions : contactsListQueryOptions, "contacts");
  const editing = useDialogTarget<number | null>();
  const deletion = useDeleteContact();
  const mayDelete = can(me?.profile, "contacts-page:deleteContact");
  const refetchLists = useRefetchContactLists();
  const [duplicatesOpen, setDuplicatesOpen] = useState(false);
  useContactsLive();

  return (
    <EntityListPage
      texts="contacts"
      title="pages.contacts"
      list={list}
      tools={
        <>
          <OptedOutFilter selected={optedOutOnly} onChange={setOptedOutOnly} />
          {can(me?.profile, "contacts-page:importContacts") && (
            <AdminTools search={list.search} onImported={refetchLists} onDuplicates={() => setDuplicatesOpen(true)} />
          )}
        </>
      }
      add={() => editing.show(null)}
      addIcon={<PersonAddIcon />}
      useColumns={useColumns}
      actionsWidth={mayDelete ? 244 : 172}
      before={(contact) => (
        <>
          <ContactSchedulesButton contact={contact} />
          <OptInButton contact={contact} />
          <ContactTagsButton contact={contact} />
          <StartChatButton contact={contact} />
        </>
      )}
      onEdit={(contact) => editing.show(contact.id)}
      deletion={mayDelete ? deletion : undefined}
    >
      <ContactDialog open={editing.open} contactId={editing.target} onClose={editing.close} />
      {can(me?.profile, "contacts-page:mergeContacts") && <DuplicatesDialog open={duplicatesOpen} onClose={() => setDuplicatesOpen(false)} />}
    </EntityListPage>
  );
}
