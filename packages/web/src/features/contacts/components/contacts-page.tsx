import { can, type Contact } from "@atendo/contracts";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AddButton } from "../../../components/add-button";
import { ConfirmDeleteDialog } from "../../../components/confirm-dialog";
import { ListPage } from "../../../components/list-page";
import { ListToolbar } from "../../../components/list-toolbar";
import { SearchField } from "../../../components/search-field";
import { useCurrentUser } from "../../../lib/session";
import { useStartChat } from "../../../lib/start-chat";
import { toast } from "../../../lib/toast";
import { useConfirmTarget } from "../../../lib/use-confirm-target";
import { useSearchedList } from "../../../lib/use-searched-list";
import { contactsListQueryOptions } from "../api/contacts.queries";
import { useContactsLive, useDeleteContact } from "../hooks/use-contacts";
import { ContactDialog } from "./contact-dialog";
import { ContactsTable } from "./contacts-table";

/**
 * /contacts (everyone; deleting is for admins). "Start chat" opens the new-ticket dialog on
 * /tickets with the contact chosen. "Import" arrives with contact import: until then there is no
 * button that would pretend.
 */
export function ContactsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const list = useSearchedList(contactsListQueryOptions, "contacts");
  const [dialog, setDialog] = useState<{ open: boolean; contactId: number | null }>({ open: false, contactId: null });
  const deletion = useDeleteContact();
  const confirm = useConfirmTarget<Contact>();
  const mayDelete = can(me?.profile, "contacts-page:deleteContact");
  const startChat = useStartChat();
  useContactsLive();

  function remove(contact: Contact): void {
    deletion.mutate(contact.id, { onSuccess: () => toast.success(t("contacts.deleted")) });
  }

  return (
    <ListPage
      title={t("pages.contacts")}
      actions={
        <ListToolbar>
          <SearchField label={t("contacts.search")} value={list.search} onChange={list.setSearch} />
          <AddButton
            label={t("contacts.add")}
            icon={<PersonAddIcon />}
            onClick={() => setDialog({ open: true, contactId: null })}
          />
        </ListToolbar>
      }
      query={list.query}
      scroll={list.scrollProps}
      empty={list.items.length === 0 ? t(list.searching ? "common.noResults" : "contacts.empty") : null}
      table={() => (
        <ContactsTable
          contacts={list.items}
          onEdit={(contact) => setDialog({ open: true, contactId: contact.id })}
          onStartChat={startChat}
          onDelete={mayDelete ? confirm.ask : undefined}
        />
      )}
    >
      <ContactDialog
        open={dialog.open}
        contactId={dialog.contactId}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      <ConfirmDeleteDialog
        confirm={confirm}
        title={t("contacts.deleteTitle", { name: confirm.target?.name ?? "" })}
        message={t("contacts.deleteText")}
        onDelete={remove}
      />
    </ListPage>
  );
}
