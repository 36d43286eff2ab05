import { z } from "zod";
import { entityName, listPage, listQuery, namedRef, queryIdList, timestamps } from "./common.js";
import { limits } from "./limits.js";
import { entityEvent } from "./entity-event.js";
import { tag } from "./tags.js";

/**
 * The one way a phone number is stored and compared: its digits. "+55 (11) 9 8765-4321" and
 * "5511987654321" are the same contact. The API and the inbound message pipeline both use it.
 */
export function normalizeNumber(raw: string): string {
  return raw.replace(/\D/g, "");
}

const numberLength = z.string().min(limits.contactNumber.min).max(limits.contactNumber.max);

/**
 * A contact's number as people type it and files hold it — digits, spaces, + - ( ) . — stored
 * as its digits, 8–50 of them (spec §5). The one reading of a typed number: the contact form,
 * POST and PUT /contacts, the contact import and the public send API (public-api.ts) all use it
 * (docs/decisions/0069), so "+55 (21) 99999-0000" is 5521999990000 wherever it is typed.
 */
export const formattedNumber = z
  .string()
  .trim()
  .regex(/^[\d\s+().-]+$/, "a phone number")
  .transform(normalizeNumber)
  .pipe(numberLength);

/** formattedNumber as a function: the number's digits, or null when it is not a contact's number. */
export function contactNumberOf(raw: string): string | null {
  const parsed = formattedNumber.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Optional email: valid when present; "" and null both mean none (stored as null). */
const contactEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.union([z.literal(""), z.email()]))
  .transform((value) => (value === "" ? null : value))
  .nullable();

const { maxItems, nameMax, valueMax } = limits.contactExtraInfo;

/** An extra name/value pair; `id` (on update) keeps that pair, pairs left out are removed. */
export const extraInfoInput = z.object({
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(1).max(nameMax),
  value: z.string().trim().max(valueMax),
});

export const extraInfo = namedRef.extend({ value: z.string() });
export type ExtraInfo = z.infer<typeof extraInfo>;

export const contact = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string().nullable(),
  profilePicUrl: z.string().nullable(),
  isGroup: z.boolean(),
  extraInfo: z.array(extraInfo),
  /** Its labels, by name (docs/decisions/0072); changed by PUT /contacts/{id}/tags only. */
  tags: z.array(tag),
  /**
   * The customer asked for no more outreach (an opt-out keyword, issue 31): left out of every
   * audience until an admin allows messages again (POST /contacts/{id}/opt-in). Conversations go on.
   */
  optedOut: z.boolean(),
  /** When they opted out; null while reachable. */
  optedOutAt: z.string().nullable(),
  ...timestamps,
});
export type Contact = z.infer<typeof contact>;

/**
 * POST /contacts (also POST /contact). `number` may be formatted and is stored as digits, as on
 * update and in the import; a number already stored answers 409 `ERR_DUPLICATED_CONTACT`; one
 * that is not a phone number, or has fewer than 8 or more than 50 digits, 400 `ERR_MISSING_VALUES`.
 */
export const createContactBody = z.object({
  name: entityName,
  number: formattedNumber,
  email: contactEmail.default(null),
  extraInfo: z.array(extraInfoInput).max(maxItems).default([]),
});
export type CreateContactBody = z.input<typeof createContactBody>;

/**
 * PUT /contacts/{id}: the fields given change. `number` may be formatted and is stored as digits;
 * `extraInfo`, when given, is the whole new list (pairs with a known `id` are kept and updated).
 */
export const updateContactBody = z.object({
  name: entityName.optional(),
  number: formattedNumber.optional(),
  email: contactEmail.optional(),
  extraInfo: z.array(extraInfoInput).max(maxItems).optional(),
});
export type UpdateContactBody = z.input<typeof updateContactBody>;

/** A query-string filter of yes or no: "true" or "false"; absent, no filter. */
const queryChoice = z
  .enum(["true", "false"])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === "true"));

/**
 * GET /contacts {searchParam, pageNumber, tagIds, optedOut}: by name, searched on name, number
 * digits and email; `tagIds` keeps the contacts carrying any of those labels; `optedOut=true`
 * only the opted-out ones, `false` only those still reachable.
 */
export const listContactsQuery = listQuery.extend({ tagIds: queryIdList, optedOut: queryChoice });
export const contactPage = listPage("contacts", contact);
export type ContactPage = z.infer<typeof contactPage>;

/** `contact` socket event: to every signed-in user (contacts are team data, docs/decisions/0008). */
export const contactEvent = entityEvent("contact", contact);
export type ContactEvent = z.infer<typeof contactEvent>;
