import type { UpdateContactBody } from "@atendo/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCacheMutation } from "../../../lib/cache-mutation";
import { useLiveCache } from "../../../lib/use-live-cache";
import { createContact, deleteContact, updateContact } from "../api/contacts.api";
import { contactLists } from "../api/contacts.queries";

const { store, forget, refetchInFlight } = contactLists;

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
  useLiveCache("contact", { store, forget, after: refetchInFlight });
}

/** Fetches every loaded copy of the list again (after an import added many contacts at once). */
export function useRefetchContactLists(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: contactLists.allLists });
}
