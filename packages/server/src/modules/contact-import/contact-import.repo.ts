import type { ContactImport, ContactsImportsEvent, ErrorCode } from "@atendo/contracts";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { advisoryLocks } from "../../db/locks.js";
import { contactImports } from "../../db/schema/index.js";
import type { DomainEvents } from "../../events/event-bus.js";

export type ContactImportRow = typeof contactImports.$inferSelect;

/** The import as the API and the events show it; `progress` in whole percent of its rows. */
export function presentImport(row: ContactImportRow): ContactImport {
  const done = row.successCount + row.failedCount + row.repeatedCount;
  return {
    id: row.id,
    status: row.status,
    templateType: row.templateType,
    fileName: row.fileName,
    progress: row.totalCount === 0 ? 100 : Math.floor((done * 100) / row.totalCount),
    totalCount: row.totalCount,
    successCount: row.successCount,
    failedCount: row.failedCount,
    repeatedCount: row.repeatedCount,
    error: row.error,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Tells every admin (and only admins) how an import goes: `ContactsImports`, with the whole record. */
export function announceImport(events: DomainEvents, action: ContactsImportsEvent["action"], row: ContactImportRow): Promise<void> {
  const record = presentImport(row);
  const event: ContactsImportsEvent = {
    action,
    progress: record.progress,
    totalCount: record.totalCount,
    successCount: record.successCount,
    failedCount: record.failedCount,
    repeatedCount: record.repeatedCount,
    import: record,
  };
  return events.emit("contactImport.progressed", { event });
}

/** The running import, else the latest one, else none. */
export async function currentImport(db: Db): Promise<ContactImportRow | undefined> {
  const [row] = await db
    .select()
    .from(contactImports)
    .orderBy(sql`${contactImports.status} = 'running' desc`, desc(contactImports.createdAt), desc(contactImports.id))
    .limit(1);
  return row;
}

export async function findImport(db: Db, id: number): Promise<ContactImportRow | undefined> {
  const [row] = await db.select().from(contactImports).where(eq(contactImports.id, id)).limit(1);
  return row;
}

/** Ends a running import as `finished` or `failed` (with its error code); one that already ended is left as it is. */
export async function endImport(db: Db, id: number, error: ErrorCode | null): Promise<ContactImportRow | undefined> {
  const [row] = await db
    .update(contactImports)
    .set({ status: error ? "failed" : "finished", error, finishedAt: new Date() })
    .where(and(eq(contactImports.id, id), eq(contactImports.status, "running")))
    .returning();
  return row;
}

/**
 * Declares failed (ERR_IMPORT_INTERRUPTED) the imports left running by a process that is gone:
 * those of any process when the caller holds the import lock (`lockHeld`), else only while no
 * live process holds it — the lock is tried for this one statement (import-lock.ts).
 */
export async function failOrphanedImports(db: Db, lockHeld: boolean): Promise<ContactImportRow[]> {
  const orphaned = lockHeld ? undefined : sql`pg_try_advisory_xact_lock(${advisoryLocks.contactImport}::bigint)`;
  return db
    .update(contactImports)
    .set({ status: "failed", error: "ERR_IMPORT_INTERRUPTED", finishedAt: new Date() })
    .where(and(eq(contactImports.status, "running"), orphaned))
    .returning();
}
