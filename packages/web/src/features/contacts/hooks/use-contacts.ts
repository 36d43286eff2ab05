import type { Contact, ContactPage, CreateContactBody, UpdateContactBody } from "@atendo/contracts";
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from "@tanstack/react-query";
import { byText, nextPageNumber, refetchListsInFlight, refetchSearchedLists, removeFromPages, upsertInPages } from "../../../lib/paged-cache";
import { useServerEvent } from "../../../lib/socket";
import { createContact, deleteContact, getContact, listContacts, updateContact } from "../api/contacts.api";

const allLists = ["contacts", "list"] as const;
const listKey = (search: string) => ["contacts", "list", search] as const;
const contactKey = (id: number) => ["contacts", id] as const;
const byName = byText<Contact>((contact) => contact.name);

type Data = InfiniteData<ContactPage>;

function eachList(queryClient: QueryClient, update: (data: Data, search: string) => Data | undefined): void {
  for (const [key, data] of queryClient.getQueriesData<Data>({ queryKey: allLists })) {
    if (data) queryClient.setQueryData<Data>(key, update(data, typeof key[2] === "string" ? key[2] : ""));
  }
}

function store(queryClient: QueryClient, contact: Contact): void {
  eachList(queryClient, (data, search) => upsertInPages(data, "contacts", contact, { compare: byName, insert: search === "" }));
  queryClient.setQueryData(contactKey(contact.id), contact);
}

function forget(queryClient: QueryClient, id: number): void {
  eachList(queryClient, (data) => removeFromPages(data, "contacts", id));
  queryClient.removeQueries({ queryKey: contactKey(id), exact: true });
}

/** Contacts by name, searched on name, number and email, 20 a page. */
export function useContactsList(search: string) {
  return useInfiniteQuery({
    queryKey: listKey(search),
    queryFn: ({ pageParam, signal }) => listContacts({ searchParam: search, pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
    placeholderData: keepPreviousData,
    meta: { silent: true }, // the page shows the error itself
  });
}

/** A contact for the edit form, always fetched fresh (extra info may have changed). */
export function useContact(id: number | null) {
  return useQuery({
    queryKey: contactKey(id ?? 0),
    queryFn: ({ signal }) => getContact(id ?? 0, signal),
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
  useServerEvent("contact", (event) => {
    if (event.action === "delete") forget(queryClient, event.contactId);
    else store(queryClient, event.contact);
    refetchListsInFlight(queryClient, allLists);
  });
}
