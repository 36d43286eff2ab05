import type { Tag } from "@atendo/contracts";
import { and, asc, eq, inArray, notInArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { contactTags, tags, ticketTags } from "../../db/schema/index.js";

// How tickets and contacts carry labels: the link tables ticket_tags and contact_tags, read as
// `tags: [{id, name, color}]` ordered by name, written as a whole set.

/** A record's labels as one JSON array, for a statement that presents it in one round trip. */
function tagsJson(links: "ticket_tags" | "contact_tags", column: "ticket_id" | "contact_id", id: SQLWrapper) {
  return sql<Tag[]>`coalesce((
  select json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) order by lower(g.name), g.id)
  from ${sql.raw(links)} l join tags g on g.id = l.tag_id where l.${sql.raw(column)} = ${id}), '[]'::json)`;
}

/** A ticket's labels (`ticketId`: its id column in the presenting statement). */
export function ticketTagsJson(ticketId: SQLWrapper) {
  return tagsJson("ticket_tags", "ticket_id", ticketId);
}

/** A contact's labels (`contactId`: its id column in the presenting statement). */
export function contactTagsJson(contactId: SQLWrapper) {
  return tagsJson("contact_tags", "contact_id", contactId);
}

/** The labels of these contacts, by contact id (one with none is absent). */
export async function tagsOfContacts(db: Db, contactIds: readonly number[]): Promise<Map<number, Tag[]>> {
  if (contactIds.length === 0) return new Map();
  const rows = await db
    .select({ contactId: contactTags.contactId, id: tags.id, name: tags.name, color: tags.color })
    .from(contactTags)
    .innerJoin(tags, eq(tags.id, contactTags.tagId))
    .where(inArray(contactTags.contactId, [...contactIds]))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
  const byContact = new Map<number, Tag[]>();
  for (const { contactId, ...tag } of rows) byContact.set(contactId, [...(byContact.get(contactId) ?? []), tag]);
  return byContact;
}

/**
 * Makes `tagIds` the ticket's whole set of labels. An unknown tag fails the insert on its foreign
 * key, which answers ERR_NO_TAG_FOUND (core/db-errors.ts): inside the caller's transaction,
 * nothing changes.
 */
export async function replaceTicketTags(tx: Db, ticketId: number, tagIds: readonly number[]): Promise<void> {
  await tx.delete(ticketTags).where(and(eq(ticketTags.ticketId, ticketId), tagIds.length ? notInArray(ticketTags.tagId, [...tagIds]) : undefined));
  if (tagIds.length) await tx.insert(ticketTags).values(tagIds.map((tagId) => ({ ticketId, tagId }))).onConflictDoNothing();
}

/** The same for a contact. */
export async function replaceContactTags(tx: Db, contactId: number, tagIds: readonly number[]): Promise<void> {
  await tx.delete(contactTags).where(and(eq(contactTags.contactId, contactId), tagIds.length ? notInArray(contactTags.tagId, [...tagIds]) : undefined));
  if (tagIds.length) await tx.insert(contactTags).values(tagIds.map((tagId) => ({ contactId, tagId }))).onConflictDoNothing();
}

function idsSql(ids: readonly number[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

/**
 * Tickets (`t`) carrying any of these labels: a semi-join the planner may read from either side,
 * the ticket's key (ticket_id, tag_id) while it walks a tab in order, or ticket_tags_tag_idx from
 * the labels when they are rare (docs/decisions/0072).
 */
export function ticketTagFilter(tagIds: readonly number[], ticketId: SQL = sql`t.id`): SQL {
  return sql`exists (select 1 from ticket_tags tt where tt.ticket_id = ${ticketId} and tt.tag_id in (${idsSql(tagIds)}))`;
}

/**
 * The ids (`ticket_id`) of the tickets carrying any of these labels, each once, read from
 * ticket_tags_tag_idx: one branch per label, each leaving out the tickets an earlier label already
 * gave (a key probe), joined by UNION ALL so that a reader stopping at a cap stops the reads too.
 * For a count that starts from the labels (docs/decisions/0072).
 */
export function ticketsTaggedRows(tagIds: readonly number[]): SQL {
  const ids = [...new Set(tagIds)];
  return sql.join(
    ids.map((tagId, i) => {
      const earlier = ids.slice(0, i);
      const fresh = earlier.length === 0 ? sql`` : sql` and not exists (select 1 from ticket_tags e where e.ticket_id = tt.ticket_id and e.tag_id in (${idsSql(earlier)}))`;
      return sql`(select tt.ticket_id from ticket_tags tt where tt.tag_id = ${tagId}${fresh})`;
    }),
    sql` union all `,
  );
}

/**
 * Tickets (`t`) carrying no label (the board's "No label" column, docs/decisions/0075): an
 * anti-join probing the ticket's key in ticket_tags' primary key (ticket_id, tag_id), one index
 * lookup per ticket the tab walks in order.
 */
export function ticketUntaggedFilter(ticketId: SQL = sql`t.id`): SQL {
  return sql`not exists (select 1 from ticket_tags tt where tt.ticket_id = ${ticketId})`;
}

/** Contacts carrying any of these labels (`contactId`: the contact's id column). */
export function contactTagFilter(tagIds: readonly number[], contactId: SQLWrapper): SQL {
  return sql`exists (select 1 from contact_tags ct where ct.contact_id = ${contactId} and ct.tag_id in (${idsSql(tagIds)}))`;
}
