import type { UpdateContactBody } from "@atendo/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCacheMutation } from "../../../lib/cache-mutation";
import { refetchListsInFlight } from "../../../lib/paged-cache";
import { forEditForm } from "../../../lib/query-presets";
import { useServerEvent } from "../../../lib/socket";
import { createContact, deleteContact, updateContact } from "../api/contacts.api";
import { contactLists, contactQueryOptions } from "../api/contacts.queries";

const { allLists, store, forget } = contactLists;

/** A contact for the edit form, always fetched fresh (extra info may have changed). */
export function useContact(id: number | null) {
  return useQuery({
    ...contactQueryOptions(id ?? 0),
    enabled: id !== null,
    ...forEditForm,
  });
}

export function useCreateContact() {
  return useCacheMutation(createContact, (queryClient, contact) => contactLists.storeOwn(queryClient, contact));
}

export function useUpdateContact(id: number) {
  return useCacheMutation((body: UpdateContactBody) => updateContact(id, body), (queryClient, contact) => store(queryClient, contact));
}

export function useDeleteContact() {
  return useCacheMutation(deleteContact, (queryClient, _result, id) => forget(queryClient, id));
}

/** `contact` events: contacts added, changed or removed by teammates (or, later, by inbound messages). */
export function useContactsLive(): void {
  const queryClient = useQueryClient();
  useServerEvent("contact", (event) => {
    if (event.action === "delete") forget(queryClient, event.contactId);
    else store(queryClient, event.contact);
    refetchListsInFlight(queryClient, allLists);
  });
}
