import { contactEvent, type CreateContactBody, type UpdateContactBody } from "@atendo/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { refetchListsInFlight, refetchSearchedLists } from "../../../lib/paged-cache";
import { useSocketEvent } from "../../../lib/socket";
import { createContact, deleteContact, updateContact } from "../api/contacts.api";
import { contactLists, contactQueryOptions } from "../api/contacts.queries";

const { allLists, store, forget } = contactLists;

/** A contact for the edit form, always fetched fresh (extra info may have changed). */
export function useContact(id: number | null) {
  return useQuery({
    ...contactQueryOptions(id ?? 0),
    enabled: id !== null,
    refetchOnMount: "always",
    meta: { silent: true },
  });
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateContactBody) => createContact(body),
    onSuccess: (contact) => {
      store(queryClient, contact);
      refetchSearchedLists(queryClient, allLists);
    },
  });
}

export function useUpdateContact(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateContactBody) => updateContact(id, body),
    onSuccess: (contact) => store(queryClient, contact),
  });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteContact(id),
    onSuccess: (_result, id) => forget(queryClient, id),
  });
}

/** `contact` events: contacts added, changed or removed by teammates (or, later, by inbound messages). */
export function useContactsLive(): void {
  const queryClient = useQueryClient();
  useSocketEvent("contact", (payload: unknown) => {
    const parsed = contactEvent.safeParse(payload);
    if (!parsed.success) return;
    if (parsed.data.action === "delete") forget(queryClient, parsed.data.contactId);
    else store(queryClient, parsed.data.contact);
    refetchListsInFlight(queryClient, allLists);
  });
}
