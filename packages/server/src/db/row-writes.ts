import type { ErrorCode } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import { AppError } from "../core/app-error.js";
import type { Db } from "./client.js";

// The two writes every entity form makes: a new row, and a saved row. Each returns the row as
// stored, for the presenter.

/** A table whose rows an admin or a user edits: an id and the `timestamps()` columns. */
type EntityTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/** Inserts one row and returns it as stored (defaults and id filled in). */
export async function insertRow<T extends PgTable>(db: Db, table: T, values: PgInsertValue<T>): Promise<T["$inferSelect"]> {
  const [row] = (await db.insert(table).values(values).returning()) as T["$inferSelect"][];
  // An INSERT … RETURNING without ON CONFLICT returns its row or throws.
  if (!row) throw new AppError("ERR_INTERNAL");
  return row;
}

/**
 * Writes `values` over the row with this id, stamps `updatedAt` (the database sets it only on
 * insert), and returns the row as stored; `notFound` when no such row exists (any more).
 */
export async function updateRow<T extends EntityTable>(
  db: Db,
  table: T,
  id: number,
  values: PgUpdateSetSource<T>,
  notFound: ErrorCode,
): Promise<T["$inferSelect"]> {
  const [row] = (await db
    .update(table)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning()) as T["$inferSelect"][];
  if (!row) throw new AppError(notFound);
  return row;
}
