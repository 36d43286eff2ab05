import { can, type Contact } from "@atendo/contracts";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AddButton } from "../../../components/add-button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ListToolbar } from "../../../components/list-toolbar";
import { Page } from "../../../components/page";
import { QueryState } from "../../../components/query-state";
import { ScrollList } from "../../../components/scroll-list";
import { SearchField } from "../../../components/search-field";
import { useInfiniteScroll } from "../../../lib/infinite-scroll";
import { flattenPages } from "../../../lib/paged-cache";
import { useCurrentUser } from "../../../lib/session";
import { useStartChat } from "../../../lib/start-chat";
import { toast } from "../../../lib/toast";
import { useConfirmTarget } from "../../../lib/use-confirm-target";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { useContactsList, useContactsLive, useDeleteContact } from "../hooks/use-contacts";
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
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim());
  const query = useContactsList(debounced);
  const contacts = flattenPages(query.data, "contacts");
  const scroll = useInfiniteScroll<HTMLDivElement>({
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
    isFetchNextPageError: query.isFetchNextPageError,
    itemCount: contacts.length,
  });
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
    <Page
      title={t("pages.contacts")}
      fill
      actions={
        <ListToolbar>
          <SearchField label={t("contacts.search")} value={search} onChange={setSearch} />
          <AddButton
            label={t("contacts.add")}
            icon={<PersonAddIcon />}
            onClick={() => setDialog({ open: true, contactId: null })}
          />
        </ListToolbar>
      }
    >
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {query.data && (
        <ScrollList
          label={t("pages.contacts")}
          scrollRef={scroll.ref}
          onScroll={scroll.onScroll}
          loadingMore={query.isFetchingNextPage}
          empty={contacts.length === 0 ? t(debounced ? "common.noResults" : "contacts.empty") : null}
        >
          <ContactsTable
            contacts={contacts}
            onEdit={(contact) => setDialog({ open: true, contactId: contact.id })}
            onStartChat={startChat}
            onDelete={mayDelete ? confirm.ask : undefined}
          />
        </ScrollList>
      )}
      <ContactDialog
        open={dialog.open}
        contactId={dialog.contactId}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      <ConfirmDialog
        open={confirm.open}
        title={t("contacts.deleteTitle", { name: confirm.target?.name ?? "" })}
        message={t("contacts.deleteText")}
        confirmLabel={t("common.delete")}
        danger
        onConfirm={() => confirm.target && remove(confirm.target)}
        onClose={confirm.close}
      />
    </Page>
  );
}
