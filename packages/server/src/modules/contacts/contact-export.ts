import { Readable } from "node:stream";
import { dayOf, type Language } from "@atendo/contracts";
import { and, gt, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../core/actor.js";
import { CSV_BOM, csvLines } from "../../core/csv.js";
import type { Db } from "../../db/client.js";
import { contactCustomFields, contacts } from "../../db/schema/index.js";
import { atendoTemplateHeader, isAtendoTemplateField } from "../contact-import/atendo-template.js";
import { assertCanExportContacts } from "./contact.policy.js";
import { contactsMatching } from "./contacts.service.js";

/** Contacts per statement: a few hundred kB of text at most, whatever the install holds. */
export const exportBatchSize = 2000;

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

interface ContactRow {
  id: number;
  name: string;
  number: string;
  email: string | null;
}

interface FieldRow {
  contact_id: number;
  name: string;
  value: string;
}

/** The rows of a statement as node-postgres (or PGlite) gives them, without drizzle's mapping of each. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Where the nth field of a name goes (its column's index), for the columns of one export. */
type ColumnsOf = Map<string, number[]>;

/**
 * One batch of contacts after `after` as CSV text, and the last id read (undefined: none left).
 * Two statements read as plain rows, then one walk puts each contact's fields (both in contact
 * order) in their columns. The rows die with this call: the generator holds only the text while
 * the client reads it, so a batch is garbage before the collector's second pass and never reaches
 * the old generation (docs/decisions/0074).
 */
async function batchText(db: Db, matching: SQL | undefined, columns: ExtraColumn[], columnOf: ColumnsOf, after: number): Promise<{ text: string; last?: number }> {
  const rows = await rowsOf<ContactRow>(
    db,
    sql`select ${contacts.id} as id, ${contacts.name} as name, ${contacts.number} as number, ${contacts.email} as email
      from ${contacts} where ${and(matching, gt(contacts.id, after))} order by ${contacts.id} limit ${exportBatchSize}`,
  );
  if (rows.length === 0) return { text: "" };
  const first = rows[0]!.id;
  const last = rows[rows.length - 1]!.id;
  // The batch's id range bounds the read to its part of contact_custom_fields_contact_idx. A list
  // of ids alone (`in ($1, …, $2000)`) let the planner read the whole table for every batch:
  // 200,000 fields 50 times over for 100,000 contacts, the export's time growing with its square.
  const fields =
    columns.length === 0
      ? []
      : await rowsOf<FieldRow>(
          db,
          sql`select f.contact_id, f.name, f.value from ${contactCustomFields} f
            where f.contact_id between ${first} and ${last}${matching ? sql` and f.contact_id = any(${sql.param(rows.map((row) => row.id))}::int[])` : sql``}
            order by f.contact_id, f.id`,
        );
  const seen = new Map<string, number>();
  let next = 0;
  const text = csvLines(
    rows.map((row) => {
      const cells = [row.name, row.number, row.email ?? "", ...columns.map(() => "")];
      seen.clear();
      for (; next < fields.length && fields[next]!.contact_id <= row.id; next++) {
        const field = fields[next]!;
        if (field.contact_id !== row.id) continue;
        const nth = seen.get(field.name) ?? 0;
        seen.set(field.name, nth + 1);
        const column = columnOf.get(field.name)?.[nth];
        if (column !== undefined) cells[3 + column] = field.value;
      }
      return cells;
    }),
  );
  return { text, last: rows.length < exportBatchSize ? undefined : last };
}

/**
 * The file's lines: the template's header (its three columns in `language`, then the extra
 * fields), then the contacts in id order, read by keyset in batches (batchText): memory stays one
 * batch's text and no statement or transaction stays open while the client reads.
 */
async function* exportLines(db: Db, matching: SQL | undefined, language: Language): AsyncGenerator<string> {
  const columns = await extraColumns(db, matching);
  yield CSV_BOM + csvLines([[...atendoTemplateHeader(language), ...columns.map(columnTitle)]]);
  const columnOf: ColumnsOf = new Map();
  columns.forEach(({ name }, i) => columnOf.set(name, [...(columnOf.get(name) ?? []), i]));
  for (let after: number | undefined = 0; after !== undefined; ) {
    const batch = await batchText(db, matching, columns, columnOf, after);
    after = batch.last;
    if (batch.text) yield batch.text;
  }
}

export interface ContactsCsv {
  fileName: string;
  stream: Readable;
}

/**
 * GET /contacts/export (admins, docs/decisions/0074): the contacts the list shows for `searchParam`
 * and `tagIds` as a CSV of the contact import's Atendo template, formula-safe (core/csv.ts), streamed from the
 * read replica when there is one. Announced first (`data.exported`: the audit log).
 */
export async function exportContacts(
  ctx: AppContext,
  actor: Actor,
  query: { searchParam: string; tagIds?: number[] | undefined; language: Language },
): Promise<ContactsCsv> {
  assertCanExportContacts(actor);
  await ctx.events.emit("data.exported", { kind: "contacts", filters: { searchParam: query.searchParam, tagIds: query.tagIds ?? [] } });
  const matching = contactsMatching(query.searchParam, query.tagIds);
  return {
    fileName: `contacts-${dayOf(new Date(), ctx.config.TIME_ZONE)}.csv`,
    stream: Readable.from(exportLines(ctx.reads, matching, query.language), { objectMode: false }),
  };
}
