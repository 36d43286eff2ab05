import { normalizeNumber } from "@atendo/contracts";
import type { ImportContext } from "../context.js";
import { forEachBatch } from "../read.js";
import { stagingColumns } from "../staging.js";
import { stage } from "../writer.js";
import { bool, optionalText, text, utcTimestamp } from "../values.js";

const TABLE = "Contacts";

/**
 * Contacts by number, Atendo's natural key (digits only): Whaticket rows with the same number once
 * normalised ("+55 11 …" and "5511…"), or a number Atendo already has, merge onto one contact and
 * every source id maps to it. The first row by id gives the merged contact's name.
 */
export function importContacts(ctx: ImportContext): Promise<void> {
  const report = ctx.report.table(TABLE);
  const columns = ["id", "name", "number", "email", "profilePicUrl", "isGroup", "createdAt", "updatedAt"];
  return forEachBatch(ctx, { table: TABLE, columns, orderBy: ["id"] }, async (rows) => {
    const staged: unknown[][] = [];
    rows.forEach((row, ord) => {
      const number = normalizeNumber(text(row.number));
      if (!number) {
        ctx.report.skip(TABLE, "number without digits");
        return;
      }
      staged.push([ord, String(row.id), text(row.name).trim() || number, number, optionalText(row.email), optionalText(row.profilePicUrl), bool(row.isGroup), utcTimestamp(row.createdAt), utcTimestamp(row.updatedAt)]);
    });
    await stage(ctx.target, "stage_contacts", stagingColumns("stage_contacts"), staged);
    const inserted = await ctx.target.query(
      `insert into contacts (name, number, email, profile_pic_url, is_group, created_at, updated_at)
       select distinct on (s.number) s.name, s.number, s.email, s.profile_pic_url, s.is_group, coalesce(s.created_at, now()), coalesce(s.updated_at, now())
       from stage_contacts s
       where not exists (select 1 from import_mappings m where m.source = $1 and m.source_table = $2 and m.source_id = s.source_id)
       order by s.number, s.ord
       on conflict (number) do nothing`,
      [ctx.fingerprint, TABLE],
    );
    const mapped = await ctx.target.query(
      `insert into import_mappings (source, source_table, source_id, target_id)
       select $1, $2, s.source_id, c.id from stage_contacts s join contacts c on c.number = s.number
       on conflict do nothing`,
      [ctx.fingerprint, TABLE],
    );
    const newRows = mapped.rowCount ?? 0;
    report.imported += inserted.rowCount ?? 0;
    report.merged += newRows - (inserted.rowCount ?? 0);
    report.already += staged.length - newRows;
  });
}

/** "Extra info" name/value pairs, onto the (possibly merged) contact. */
export function importContactFields(ctx: ImportContext): Promise<void> {
  const FIELDS = "ContactCustomFields";
  const report = ctx.report.table(FIELDS);
  return forEachBatch(ctx, { table: FIELDS, columns: ["id", "name", "value", "contactId"], orderBy: ["id"] }, async (rows) => {
    const staged = rows.map((row, ord) => [ord, String(row.id), String(row.contactId), text(row.name), text(row.value)]);
    await stage(ctx.target, "stage_contact_fields", stagingColumns("stage_contact_fields"), staged);
    const already = await countMapped(ctx, "stage_contact_fields", FIELDS);
    const result = await ctx.target.query(
      `with src as (
         select s.*, nextval(pg_get_serial_sequence('contact_custom_fields', 'id')) as new_id
         from (select f.ord, f.source_id, f.name, f.value, c.target_id as contact_id
               from stage_contact_fields f
               join import_mappings c on c.source = $1 and c.source_table = 'Contacts' and c.source_id = f.contact_source_id
               where not exists (select 1 from import_mappings m where m.source = $1 and m.source_table = $2 and m.source_id = f.source_id)
               order by f.ord) s
       ), written as (
         insert into contact_custom_fields (id, contact_id, name, value) select new_id, contact_id, name, value from src
       )
       insert into import_mappings (source, source_table, source_id, target_id) select $1, $2, source_id, new_id from src`,
      [ctx.fingerprint, FIELDS],
    );
    const imported = result.rowCount ?? 0;
    report.imported += imported;
    report.already += already;
    ctx.report.skip(FIELDS, "contact not imported", staged.length - already - imported);
  });
}

/** How many staged rows a previous run already imported (for the report). */
export async function countMapped(ctx: ImportContext, stagingTable: string, sourceTable: string): Promise<number> {
  const { rows } = await ctx.target.query<{ n: string }>(
    `select count(*) as n from ${stagingTable} s join import_mappings m on m.source = $1 and m.source_table = $2 and m.source_id = s.source_id`,
    [ctx.fingerprint, sourceTable],
  );
  return Number(rows[0]?.n ?? 0);
}
