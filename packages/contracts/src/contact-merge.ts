import { z } from "zod";
import { listQuery, pageNumber, queryIdList } from "./common.js";
import { contact } from "./contacts.js";
import { languages } from "./limits.js";

/**
 * GET /contacts/export?format=csv (admins): the contacts the list shows for the same `searchParam`
 * and `tagIds` (all when neither is given), as a CSV file with the columns of the contact import's Atendo template (titles
 * in `language`), so the file imports back unchanged (docs/decisions/0074).
 */
export const exportContactsQuery = z.object({
  format: z.literal("csv").default("csv"),
  searchParam: listQuery.shape.searchParam,
  tagIds: queryIdList,
  language: z.enum(languages).default("en"),
});
export type ExportContactsQuery = z.input<typeof exportContactsQuery>;

/** Contacts shown per duplicate group; a page holds `limits.pageSize` groups. */
export const duplicateGroupContacts = 10;

/** Why contacts are listed together as duplicates. */
export const duplicateReasons = ["number", "email"] as const;
export type DuplicateReason = (typeof duplicateReasons)[number];

/**
 * A group of contacts that look like one person: the same number once normalised for comparison
 * (`key`: digits without leading zeros, a Brazilian mobile without its ninth digit) or the same
 * e-mail (case-insensitive). At most `duplicateGroupContacts` contacts, oldest first; `count` is
 * how many there are.
 */
export const duplicateGroup = z.object({
  reason: z.enum(duplicateReasons),
  key: z.string(),
  count: z.number(),
  contacts: z.array(contact),
});
export type DuplicateGroup = z.infer<typeof duplicateGroup>;

/** GET /contacts/duplicates {pageNumber}: a page of groups, largest first. */
export const duplicatesQuery = z.object({ pageNumber });
export const duplicatesPage = z.object({ groups: z.array(duplicateGroup), hasMore: z.boolean() });
export type DuplicatesPage = z.infer<typeof duplicatesPage>;

/**
 * POST /contacts/{id}/merge (admins): everything of `fromContactId` moves to contact `id`, then
 * `fromContactId` is deleted; irreversible. Answers the merged contact. Merging a contact into
 * itself answers 400 ERR_MERGE_SAME_CONTACT; an unknown id 404 ERR_NO_CONTACT_FOUND.
 */
export const mergeContactBody = z.object({ fromContactId: z.number().int().positive() });
export type MergeContactBody = z.infer<typeof mergeContactBody>;
