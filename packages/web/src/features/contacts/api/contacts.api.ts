import type { Contact, ContactPage, CreateContactBody, UpdateContactBody } from "@atendo/contracts";
import { http } from "../../../lib/http";
import type { PageQuery } from "../../../lib/paged-cache";

export function listContacts(query: PageQuery, signal?: AbortSignal): Promise<ContactPage> {
  return http.get<ContactPage>("/contacts", { query: { ...query }, signal });
}

export function getContact(id: number, signal?: AbortSignal): Promise<Contact> {
  return http.get<Contact>(`/contacts/${id}`, { signal });
}

export function createContact(body: CreateContactBody): Promise<Contact> {
  return http.post<Contact>("/contacts", body);
}

export function updateContact(id: number, body: UpdateContactBody): Promise<Contact> {
  return http.put<Contact>(`/contacts/${id}`, body);
}

export function deleteContact(id: number): Promise<void> {
  return http.delete<void>(`/contacts/${id}`);
}
