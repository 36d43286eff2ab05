import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { advisoryLocks } from "../../db/locks.js";
import { connections } from "../../db/schema/index.js";
import type { ConnectionRow } from "./connection.presenter.js";

/**
 * Taken at the start of a transaction that reads or moves the default flag, so "is this the
 * first connection?" and "who is the default?" are answered without a race. The partial unique
 * index `connections_single_default_key` stays the last word.
 */
export async function lockDefaultFlag(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${advisoryLocks.defaultConnection})`);
}

/** Clears the flag from every other connection (same transaction as setting it); returns them. */
export async function clearOtherDefaults(tx: Db, exceptId: number | null): Promise<ConnectionRow[]> {
  return tx
    .update(connections)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(connections.isDefault, true), exceptId === null ? undefined : ne(connections.id, exceptId)))
    .returning();
}
