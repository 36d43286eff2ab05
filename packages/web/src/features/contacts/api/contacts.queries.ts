import type { Contact, ContactPage } from "@atendo/contracts";
import { queryOptions } from "@tanstack/react-query";
import { byText, searchedListsCache, searchedPagesOptions } from "../../../lib/paged-cache";
import { recordQueries } from "../../../lib/resource-queries";
import { countOptedOutContacts, getContact, listContacts, listOptedOutContacts } from "./contacts.api";

export const { recordKey: contactQueryKey, recordQueryOptions: contactQueryOptions } = recordQueries("contacts", getContact);

/** Every loaded copy of the contacts list (one per search) and the contact's own query. */
export const contactLists = searchedListsCache<"contacts", Contact, ContactPage>(
  "contacts",
  "contacts",
  byText<Contact>((contact) => contact.name),
  contactQueryKey,
);

/** Contacts by name, searched on name, number and email, 20 a page. */
export function contactsListQueryOptions(search: string) {
  return searchedPagesOptions("contacts", search, listContacts);
}

/**
 * Only the contacts who opted out. Its key's search part is never "" (`optedOut:` + the search),
 * so the live cache treats it as a filtered list: a new contact is not put in it, and the user's
 * own changes fetch it again (searchedListsCache).
 */
export function optedOutContactsListQueryOptions(search: string) {
  return searchedPagesOptions("contacts", `optedOut:${search}`, (query, signal) => listOptedOutContacts({ ...query, searchParam: search }, signal));
}

/** How many contacts opted out: the filter's count. */
export const optedOutCountQueryKey = ["contacts", "optedOutCount"] as const;
export function optedOutCountQueryOptions() {
  return queryOptions({ queryKey: optedOutCountQueryKey, queryFn: ({ signal }) => countOptedOutContacts(signal), select: (answer) => answer.count });
}

/** The first page of contacts matching `search`: plenty to pick one from (the new-ticket dialog). */
export function contactSearchQueryOptions(search: string) {
  return queryOptions({
    queryKey: ["contacts", "search", search],
    queryFn: ({ signal }) => listContacts({ searchParam: search, pageNumber: 1 }, signal),
    select: (page) => page.contacts,
  });
}
