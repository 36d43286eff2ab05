import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { contactCustomFields, contactImportFailures, contactImports, contacts } from "../../db/schema/index.js";
import type { ContactImportRow } from "./contact-import.repo.js";
import type { PlannedRow } from "./import-plan.js";

// Columns go as arrays (unnest) and failed rows as one JSON document: a few parameters per
// statement whatever the batch size, far under PostgreSQL's 65,535, and little SQL to build.
const textArray = (values: readonly (string | null)[]) => sql`${sql.param(values)}::text[]`;
const intArray = (values: readonly number[]) => sql`${sql.param(values)}::int[]`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Writes one batch of planned rows in one transaction: the contacts (a number already stored
 * is skipped by the unique index and counted as repeated), their extra fields, the rows not
 * imported and why, and the import's counts — so what the record says is always what is stored.
 * Writes nothing and answers undefined when the import is no longer running (declared failed by
 * another process after this one lost its lock).
 */
export async function writeBatch(db: Db, importId: number, rows: readonly PlannedRow[]): Promise<ContactImportRow | undefined> {
  return db.transaction(async (tx) => {
    // Locks the record: a process declaring it failed waits for this batch, then sees its counts.
    const [running] = await tx
      .select({ id: contactImports.id })
      .from(contactImports)
      .where(and(eq(contactImports.id, importId), eq(contactImports.status, "running")))
      .for("update");
    if (!running) return undefined;

    const drafts = rows.flatMap((row) => (row.contact ? [row.contact] : []));
    const inserted = drafts.length === 0 ? [] : rowsOf<{ id: number; number: string }>(
      await tx.execute(sql`
        insert into ${contacts} (name, number, email)
        select * from unnest(${textArray(drafts.map((d) => d.name))}, ${textArray(drafts.map((d) => d.number))}, ${textArray(drafts.map((d) => d.email))})
        on conflict (number) do nothing
        returning id, number`),
    );
    const idOf = new Map(inserted.map((row) => [row.number, row.id]));

    const fields = drafts.flatMap((draft) => {
      const contactId = idOf.get(draft.number);
      return contactId === undefined ? [] : draft.extraInfo.map(({ name, value }) => ({ contactId, name, value }));
    });
    if (fields.length > 0) {
      await tx.execute(sql`
        insert into ${contactCustomFields} (contact_id, name, value)
        select * from unnest(${intArray(fields.map((f) => f.contactId))}, ${textArray(fields.map((f) => f.name))}, ${textArray(fields.map((f) => f.value))})`);
    }

    const failures = rows.flatMap((row) => {
      const reason = row.failure ?? (idOf.has(row.contact.number) ? undefined : "duplicate");
      return reason ? [{ row_number: row.line, cells: row.cells, reason }] : [];
    });
    if (failures.length > 0) {
      // One JSON document for the lot: the cells are JSON already.
      await tx.execute(sql`
        insert into ${contactImportFailures} (import_id, row_number, cells, reason)
        select ${importId}::int, f.row_number, f.cells, f.reason
        from jsonb_to_recordset(${JSON.stringify(failures)}::jsonb) as f(row_number int, cells jsonb, reason text)`);
    }

    const repeated = failures.filter((failure) => failure.reason === "duplicate").length;
    const [updated] = await tx
      .update(contactImports)
      .set({
        successCount: sql`${contactImports.successCount} + ${inserted.length}`,
        failedCount: sql`${contactImports.failedCount} + ${failures.length - repeated}`,
        repeatedCount: sql`${contactImports.repeatedCount} + ${repeated}`,
      })
      .where(eq(contactImports.id, importId))
      .returning();
    return updated;
  });
}
