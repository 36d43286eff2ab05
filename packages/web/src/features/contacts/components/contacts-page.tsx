import { can, type Contact } from "@atendo/contracts";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import { useTranslation } from "../../../lib/i18n";
import { AddButton } from "../../../components/add-button";
import { ConfirmDeleteDialog } from "../../../components/confirm-dialog";
import { ListPage } from "../../../components/list-page";
import { ListToolbar } from "../../../components/list-toolbar";
import { SearchField } from "../../../components/search-field";
import { useCurrentUser } from "../../../lib/session";
import { useStartChat } from "../../../lib/start-chat";
import { useDialogTarget } from "../../../lib/use-dialog-target";
import { useSearchedList } from "../../../lib/use-searched-list";
import { ImportContacts } from "../../contact-import";
import { contactsListQueryOptions } from "../api/contacts.queries";
import { useContactsLive, useDeleteContact, useRefetchContactLists } from "../hooks/use-contacts";
import { ContactDialog } from "./contact-dialog";
import { ContactsTable } from "./contacts-table";

/**
 * /contacts (everyone; deleting and importing are for admins). "Start chat" opens the new-ticket
 * dialog on /tickets with the contact chosen.
 */
export function ContactsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const list = useSearchedList(contactsListQueryOptions, "contacts");
  const editing = useDialogTarget<number | null>();
  const deletion = useDeleteContact();
  const confirm = useDialogTarget<Contact>();
  const mayDelete = can(me?.profile, "contacts-page:deleteContact");
  const mayImport = can(me?.profile, "contacts-page:importContacts");
  const refetchLists = useRefetchContactLists();
  const startChat = useStartChat();
  useContactsLive();

  return (
    <ListPage
      title={t("pages.contacts")}
      actions={
        <ListToolbar>
          <SearchField label={t("contacts.search")} value={list.search} onChange={list.setSearch} />
          {mayImport && <ImportContacts onImported={refetchLists} />}
          <AddButton
            label={t("contacts.add")}
            icon={<PersonAddIcon />}
            onClick={() => editing.show(null)}
          />
        </ListToolbar>
      }
      {...list.listProps}
      emptyText={t("contacts.empty")}
      table={() => (
        <ContactsTable
          contacts={list.items}
          onEdit={(contact) => editing.show(contact.id)}
          onStartChat={startChat}
          onDelete={mayDelete ? confirm.show : undefined}
        />
      )}
    >
      <ContactDialog open={editing.open} contactId={editing.target} onClose={editing.close} />
      <ConfirmDeleteDialog
        confirm={confirm}
        title={t("contacts.deleteTitle", { name: confirm.target?.name ?? "" })}
        message={t("contacts.deleteText")}
        deletion={deletion}
        deletedMessage={t("contacts.deleted")}
      />
    </ListPage>
  );
}
