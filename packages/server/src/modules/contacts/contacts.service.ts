import type { Contact, ContactPage, createContactBody, listContactsQuery, updateContactBody } from "@atendo/contracts";
import { normalizeNumber } from "@atendo/contracts";
import { and, asc, eq, ilike, isNotNull, isNull, like, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { containsPattern, pageOf, pageWindow } from "../../db/paging.js";
import { insertRow, updateRow } from "../../db/row-writes.js";
import { contacts } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { domainEvent } from "../../events/domain-events.js";
import { assertCanDeleteContacts } from "./contact.policy.js";
import { eraseContact } from "./contact-erasure.js";
import { contactTagFilter, tagsOfContacts } from "../tags/tag-links.repo.js";
import { extraInfoOfContacts, saveExtraInfo } from "./contact-extra-info.repo.js";
import { presentContactRow } from "./contact.presenter.js";

type ContactRow = typeof contacts.$inferSelect;
type CreateContact = z.output<typeof createContactBody>;
type UpdateContact = z.output<typeof updateContactBody>;

/** Contacts as the API shows them, their extra info read in one query. */
export async function presentContacts(db: Db, rows: readonly ContactRow[]): Promise<Contact[]> {
  const ids = rows.map((row) => row.id);
  const [extraInfo, tags] = await Promise.all([extraInfoOfContacts(db, ids), tagsOfContacts(db, ids)]);
  return rows.map((row) => presentContactRow(row, extraInfo.get(row.id) ?? [], tags.get(row.id) ?? []));
}

async function presentContact(db: Db, row: ContactRow): Promise<Contact> {
  const [contact] = await presentContacts(db, [row]);
  if (!contact) throw new Error("unreachable: one row in, one contact out");
  return contact;
}

/** A contact whose opt-out changed (opt-out.service.ts), announced as any edit is: campaigns hear it too. */
export function announceContactUpdated(ctx: AppContext, row: ContactRow): Promise<Contact> {
  return announceWritten(ctx, "update", row);
}

/** A written contact as the API shows it, announced. */
async function announceWritten(ctx: AppContext, action: "create" | "update", row: ContactRow): Promise<Contact> {
  const contact = await presentContact(ctx.db, row);
  await ctx.events.emit(action === "create" ? "contact.created" : "contact.updated", { contact });
  return contact;
}

/**
 * A contact a customer's first message (or the send API) created, announced like one added on the
 * contacts screen. Just created, it has no extra fields and no labels: nothing more to read.
 */
export function announceContactCreated(ctx: AppContext, row: ContactRow): Promise<void> {
  return ctx.events.emit("contact.created", { contact: presentContactRow(row, [], []) });
}

/** A search that looks like a phone number ("+55 11 9876") is also matched against the digits. */
function numberSearch(text: string) {
  const digits = normalizeNumber(text);
  return /^[\d\s+().-]+$/.test(text) && digits ? like(contacts.number, containsPattern(digits)) : undefined;
}

/**
 * The contacts a search matches (name or email, or the number's digits) carrying any of `tagIds`
 * when given, opted out or not when `optedOut` says; every contact for "" and no filter. The list
 * and the export share it.
 */
export function contactsMatching(text: string, tagIds?: readonly number[], optedOut?: boolean): SQL | undefined {
  const pattern = containsPattern(text);
  return and(
    text ? or(ilike(contacts.name, pattern), ilike(contacts.email, pattern), numberSearch(text)) : undefined,
    tagIds ? contactTagFilter(tagIds, contacts.id) : undefined,
    optedOut === undefined ? undefined : optedOut ? isNotNull(contacts.optedOutAt) : isNull(contacts.optedOutAt),
  );
}

/** A page of contacts by name; `tagIds` keeps those carrying any of the labels (contact_tags_tag_idx or each contact's key), `optedOut` those opted out or not. */
export async function listContacts(ctx: AppContext, query: z.output<typeof listContactsQuery>): Promise<ContactPage> {
  const { limit, offset } = pageWindow(query.pageNumber);
  const rows = await ctx.db
    .select()
    .from(contacts)
    .where(contactsMatching(query.searchParam, query.tagIds, query.optedOut))
    .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id))
    .limit(limit)
    .offset(offset);
  const page = pageOf(rows);
  return { contacts: await presentContacts(ctx.db, page.items), hasMore: page.hasMore };
}

async function findContact(db: Db, id: number): Promise<ContactRow> {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id)).limit(1);
  if (!row) throw new AppError("ERR_NO_CONTACT_FOUND");
  return row;
}

export async function getContact(ctx: AppContext, id: number): Promise<Contact> {
  return presentContact(ctx.db, await findContact(ctx.db, id));
}

export async function createContact(ctx: AppContext, body: CreateContact): Promise<Contact> {
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertRow(tx, contacts, { name: body.name, number: body.number, email: body.email });
    await saveExtraInfo(tx, inserted.id, body.extraInfo);
    return inserted;
  });
  return announceWritten(ctx, "create", row);
}

export async function updateContact(ctx: AppContext, id: number, body: UpdateContact): Promise<Contact> {
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateRow(tx, contacts, id, { name: body.name, number: body.number, email: body.email }, "ERR_NO_CONTACT_FOUND");
    if (body.extraInfo) await saveExtraInfo(tx, id, body.extraInfo);
    return updated;
  });
  return announceWritten(ctx, "update", row);
}

/**
 * Admins only (contact.policy.ts). Erases the contact (eraseContact): its conversations stay for
 * the reports, with nothing that identified the customer, and leave every ticket screen live
 * (`contact.deleted` names them and who saw each). Its files go once that has committed.
 */
export async function deleteContact(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanDeleteContacts(actor);
  const erased = await ctx.events.transaction(async (tx, publish) => {
    const result = await eraseContact(tx, id, new Date());
    publish(domainEvent("contact.deleted", { contactId: id, tickets: result.tickets }));
    return result;
  });
  for (const name of erased.mediaNames) {
    await ctx.media.remove(name).catch((error: unknown) => ctx.log.warn({ err: error, mediaName: name }, "an erased contact's file could not be removed"));
  }
}
