import { timing, type UpdateContactBody } from "@atendo/contracts";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useCacheMutation } from "../../../lib/cache-mutation";
import { createCoalescer } from "../../../lib/count-refresh";
import { useServerEvent } from "../../../lib/socket";
import { useLiveCache } from "../../../lib/use-live-cache";
import { createContact, deleteContact, optInContact, updateContact } from "../api/contacts.api";
import { contactLists, optedOutCountQueryKey, optedOutCountQueryOptions } from "../api/contacts.queries";

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

/**
 * The opted-out count and lists fetched again: whether a contact belongs in them is the server's
 * word (a live `contact` event only says what the contact is now).
 */
function refreshOptedOut(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: optedOutCountQueryKey });
  void queryClient.invalidateQueries({
    queryKey: contactLists.allLists,
    predicate: (query) => typeof query.queryKey[2] === "string" && query.queryKey[2].startsWith("optedOut:"),
  });
}

/** Allows messages again to a contact who opted out (admins): stored at once, the filter's count and list follow. */
export function useOptInContact() {
  return useCacheMutation(optInContact, (queryClient, contact) => {
    store(queryClient, contact);
    refreshOptedOut(queryClient);
  });
}

/**
 * How many contacts opted out, kept current while mounted: a contact changed or removed (a
 * customer's keyword, an admin's opt-in, a deletion) fetches it again, once per burst.
 */
export function useOptedOutCount(): number | undefined {
  const queryClient = useQueryClient();
  const refresh = useMemo(() => createCoalescer(() => refreshOptedOut(queryClient), timing.debounceMs, 4 * timing.debounceMs), [queryClient]);
  useEffect(() => () => refresh.cancel(), [refresh]);
  useServerEvent("contact", (event) => {
    if (event.action !== "create") refresh.schedule();
  });
  return useQuery(optedOutCountQueryOptions()).data;
}
