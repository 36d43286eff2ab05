import type { Contact, ContactPage, CreateContactBody, OptedOutCount, UpdateContactBody } from "@atendo/contracts";
import { http } from "../../../lib/http";
import type { PageQuery } from "../../../lib/paged-cache";
import { resourceApi } from "../../../lib/resource-api";

const contactsApi = resourceApi<Contact, CreateContactBody, UpdateContactBody, ContactPage>("/contacts");

export const { page: listContacts, get: getContact, create: createContact, update: updateContact, remove: deleteContact } = contactsApi;

/** A page of only the contacts who opted out (`optedOut=true`, issue 31). */
export function listOptedOutContacts(query: PageQuery, signal?: AbortSignal): Promise<ContactPage> {
  return http.get<ContactPage>("/contacts", { query: { ...query, optedOut: "true" }, signal });
}

/** How many contacts opted out. */
export function countOptedOutContacts(signal?: AbortSignal): Promise<OptedOutCount> {
  return http.get<OptedOutCount>("/contacts/opted-out-count", { signal });
}

/** Allows messages again to a contact who opted out (admins). */
export function optInContact(id: number): Promise<Contact> {
  return http.post<Contact>(`/contacts/${id}/opt-in`);
}
