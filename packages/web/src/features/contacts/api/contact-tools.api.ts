import type { Contact, DuplicatesPage, Language } from "@atendo/contracts";
import { apiFile, http, type ApiFile } from "../../../lib/http";

/** The contacts the list shows for `searchParam` (and `tagIds`) as a CSV of the import template, headers in `language` (admins). */
export function exportContacts(searchParam: string, language: Language, tagIds: readonly number[] = []): Promise<ApiFile> {
  return apiFile("/contacts/export", { query: { format: "csv", searchParam, language, ...(tagIds.length ? { tagIds: tagIds.join(",") } : {}) } });
}

/** A page of groups of contacts that look like one person (admins). */
export function getDuplicates(pageNumber: number, signal?: AbortSignal): Promise<DuplicatesPage> {
  return http.get<DuplicatesPage>(`/contacts/duplicates?pageNumber=${pageNumber}`, { signal });
}

/** Moves everything of `fromContactId` to contact `id`, then deletes it (admins; irreversible). */
export function mergeContact(id: number, fromContactId: number): Promise<Contact> {
  return http.post<Contact>(`/contacts/${id}/merge`, { fromContactId });
}
