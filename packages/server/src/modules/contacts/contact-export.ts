import { Readable } from "node:stream";
import { dayOf, type Language } from "@atendo/contracts";
import { and, asc, gt, inArray, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../core/actor.js";
import { CSV_BOM, csvLines } from "../../core/csv.js";
import type { Db } from "../../db/client.js";
import { contactCustomFields, contacts } from "../../db/schema/index.js";
import { atendoTemplateHeader, isAtendoTemplateField } from "../contact-import/atendo-template.js";
import { assertCanExportContacts } from "./contact.policy.js";
import { contactsMatching } from "./contacts.service.js";

/** Contacts per statement: a few hundred kB of text at most, whatever the install holds. */
const BATCH = 2000;

/** One extra-field column: the field's name, and which of a contact's fields of that name it holds (0 = first). */
interface ExtraColumn {
  name: string;
  nth: number;
}

/**
 * The extra-field columns the file needs: one per field name, repeated as often as one contact
 * has that name (a contact may hold two "Phone" fields; the import reads repeated titles as
 * separate fields), in the order the names first appeared.
 */
async function extraColumns(db: Db, matching: SQL | undefined): Promise<ExtraColumn[]> {
  const perContact = db
    .select({
      name: contactCustomFields.name,
      times: sql<number>`count(*)::int`.as("times"),
      first: sql<number>`min(${contactCustomFields.id})`.as("first"),
    })
    .from(contactCustomFields)
    .innerJoin(contacts, sql`${contacts.id} = ${contactCustomFields.contactId}`)
    .where(matching)
    .groupBy(contactCustomFields.contactId, contactCustomFields.name)
    .as("per_contact");
  const names = await db
    .select({ name: perContact.name, times: sql<number>`max(${perContact.times})::int` })
    .from(perContact)
    .groupBy(perContact.name)
    .orderBy(sql`min(${perContact.first})`);
  return names.flatMap(({ name, times }) => Array.from({ length: times }, (_, nth) => ({ name, nth })));
}

/**
 * A column's title. A field named like one of the template's own columns ("Email", "Número"),
 * which the import would read as that column or refuse as a second one, gets " 2" after its name:
 * its value imports back as an extra field of that name.
 */
function columnTitle(column: ExtraColumn): string {
  return isAtendoTemplateField(column.name) ? `${column.name} 2` : column.name;
}

/**
 * The file's lines: the template's header (its three columns in `language`, then the extra
 * fields), then the contacts in id order, read by keyset in batches: memory stays one batch and
 * no statement or transaction stays open while the client reads.
 */
async function* exportLines(db: Db, matching: SQL | undefined, language: Language): AsyncGenerator<string> {
  const columns = await extraColumns(db, matching);
  yield CSV_BOM + csvLines([[...atendoTemplateHeader(language), ...columns.map(columnTitle)]]);
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: contacts.id, name: contacts.name, number: contacts.number, email: contacts.email })
      .from(contacts)
      .where(and(matching, gt(contacts.id, after)))
      .orderBy(asc(contacts.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    const fields = columns.length === 0 ? [] : await db
      .select({ contactId: contactCustomFields.contactId, name: contactCustomFields.name, value: contactCustomFields.value })
      .from(contactCustomFields)
      .where(inArray(contactCustomFields.contactId, rows.map((row) => row.id)))
      .orderBy(asc(contactCustomFields.id));
    const valuesOf = new Map<number, Map<string, string[]>>();
    for (const field of fields) {
      const byName = valuesOf.get(field.contactId) ?? new Map<string, string[]>();
      valuesOf.set(field.contactId, byName);
      byName.set(field.name, [...(byName.get(field.name) ?? []), field.value]);
    }
    yield csvLines(
      rows.map((row) => {
        const byName = valuesOf.get(row.id);
        return [row.name, row.number, row.email ?? "", ...columns.map(({ name, nth }) => byName?.get(name)?.[nth] ?? "")];
      }),
    );
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

export interface ContactsCsv {
  fileName: string;
  stream: Readable;
}

/**
 * GET /contacts/export (admins, docs/decisions/0074): the contacts the list shows for `searchParam`
 * and `tagIds` as a CSV of the contact import's Atendo template, formula-safe (core/csv.ts), streamed from the
 * read replica when there is one.
 */
export function exportContacts(ctx: AppContext, actor: Actor, query: { searchParam: string; tagIds?: number[] | undefined; language: Language }): ContactsCsv {
  assertCanExportContacts(actor);
  const matching = contactsMatching(query.searchParam, query.tagIds);
  return {
    fileName: `contacts-${dayOf(new Date(), ctx.config.TIME_ZONE)}.csv`,
    stream: Readable.from(exportLines(ctx.reads, matching, query.language), { objectMode: false }),
  };
}
