import { z } from "zod";
import { acceptedYears, isYearAccepted } from "./dates.js";
import { errorCodes, failsWith, type ErrorCode } from "./errors.js";
import { limits } from "./limits.js";

/** What can send customers to a destination: the records a refused delete names. */
export const destinationReferrerTypes = ["connection", "ura", "announcement", "monitoring", "bot"] as const;
export type DestinationReferrerType = (typeof destinationReferrerTypes)[number];

/**
 * One record still using a destination (409 ERR_DESTINATION_IN_USE): a connection, a menu (one
 * entry per menu, whatever its number of options), an announcement, or — for a user — a
 * monitoring they own. Lets a client list them in its own language and offer to re-point them.
 */
export const destinationReferrer = z.object({ type: z.enum(destinationReferrerTypes), id: z.number(), name: z.string() });
export type DestinationReferrer = z.infer<typeof destinationReferrer>;

/** Every error response of the API; `usedBy` only on ERR_DESTINATION_IN_USE. */
export const errorResponse = z.object({
  error: z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  usedBy: z.array(destinationReferrer).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/**
 * A positive whole number as text, written the one way it is written: decimal digits, no sign,
 * no leading zero, no spaces, exponent, hex or decimal point. Number() would also read ` 2`,
 * `02`, `+2`, `2e0`, `0x2` and `2.0` as 2, giving one record many addresses (issue 11). Path
 * parameters and query strings always arrive as text; anything else fails validation (400
 * ERR_MISSING_VALUES).
 */
export function positiveWholeText(max: number) {
  return z
    .string()
    .regex(/^[1-9][0-9]*$/, "a positive whole number in plain decimal digits")
    .transform(Number)
    .pipe(z.number().int().max(max));
}

/** An id in a path or a query string: canonical text only. */
export const positiveId = positiveWholeText(Number.MAX_SAFE_INTEGER);

export const idParam = z.object({ id: positiveId });

/**
 * An id in a JSON body or a socket payload that clients may send as a form value: a number, or
 * its canonical text (`"2"`, never `" 2"` or `"02"`). Other body ids are JSON numbers only.
 */
export const looseId = z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), positiveId]);

/** Query-string booleans: "true"/"1" are true, anything else (or absent) false. */
export const queryFlag = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === "true" || value === "1");

const dayOrTimestampForm = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/**
 * `date` of the spec's list calls (GET /tickets, GET /chats): a day (yyyy-mm-dd), or a full ISO
 * timestamp, of which the day on the install's clock (`TIME_ZONE`) is meant — the spec's clients
 * send `new Date().toISOString()`-like values (docs/decisions/0047). A real date of the years
 * `limits.dateYears` (400 ERR_INVALID_DATE, docs/decisions/0059).
 */
export const dayOrTimestamp = z
  .string()
  .refine(
    (text) => dayOrTimestampForm.safeParse(text).success && isYearAccepted(Number(text.slice(0, 4))),
    failsWith("ERR_INVALID_DATE", `not a day (yyyy-mm-dd) or an ISO timestamp with offset of the years ${acceptedYears}`),
  );

/** Query strings arrive as text; page numbers start at 1. */
export const pageNumber = positiveWholeText(100_000).default(1);

export const okResponse = z.object({ ok: z.literal(true) });

/** When an entity was created and last changed (ISO 8601): the last two fields of every entity. */
export const timestamps = { createdAt: z.string(), updatedAt: z.string() };

/**
 * A page of a searchable list: the items under `key` (`users`, `contacts`, …), and whether another
 * page exists.
 */
export function listPage<Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  return z.object({ [key]: z.array(item), hasMore: z.boolean() } as Record<Key, z.ZodArray<Item>> & { hasMore: z.ZodBoolean });
}

/**
 * Query of every searchable, paged list (users, contacts, quick answers): a free-text
 * `searchParam` (matched case-insensitively; empty lists everything) and `pageNumber` from 1.
 * A page holds `limits.pageSize` items; the response says `hasMore` when another page exists.
 */
export const listQuery = z.object({
  searchParam: z.string().trim().max(limits.searchMaxChars).default(""),
  pageNumber,
});
export type ListQuery = z.input<typeof listQuery>;
/** A list query after validation (defaults applied), as services receive it. */
export type ParsedListQuery = z.output<typeof listQuery>;

/** Names of people, queues and contacts (spec §5, §9: 2–50). */
export const entityName = z.string().trim().min(limits.name.min).max(limits.name.max);

/** A list of ids sent on submit (queueIds, userIds); repeated ids count once. */
export const idList = z
  .array(z.number().int().positive())
  .max(limits.idListMax)
  .transform((ids) => [...new Set(ids)]);

/** Query-string id lists: `[1,2]` (JSON, as the spec's client sends), `1,2`, or repeated keys; none is undefined. */
export const queryIdList = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const parts = (Array.isArray(value) ? value.map(String) : value.replace(/^\[|\]$/g, "").split(","))
      .map((part) => part.trim())
      .filter((part) => part !== "");
    const ids = parts.map((part) => positiveId.safeParse(part));
    if (ids.some((id) => !id.success)) {
      ctx.addIssue({ code: "custom", message: "a list of ids" });
      return z.NEVER;
    }
    return ids.length === 0 ? undefined : [...new Set(ids.map((id) => id.data as number))];
  });

/** Another record as an entity shows it: its id and name. */
export const namedRef = z.object({ id: z.number(), name: z.string() });

/** A user as other entities show it (queue members, a ticket's owner). */
export const userRef = namedRef;
export type UserRef = z.infer<typeof userRef>;

/** Emails without accented letters (spec §5, user form). */
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email())
  .refine((value) => /^[\x21-\x7e]+$/.test(value), { message: "accented letters are not allowed" });
