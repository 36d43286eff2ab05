import { sql } from "drizzle-orm";
import { uniqueIndex, type PgColumn } from "drizzle-orm/pg-core";

/**
 * `<table>_name_key`: names unique regardless of case, as the forms promise ("Sales" and "sales"
 * are one queue, one announcement, one monitoring); the services map it to the entity's 409.
 */
export function uniqueNameKey(table: string, name: PgColumn) {
  return uniqueIndex(`${table}_name_key`).on(sql`lower(${name})`);
}
