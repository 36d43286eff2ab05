import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * `<column> in ('a', 'b')` with the values inlined, for CHECK constraints and partial-index
 * predicates (which cannot take parameters), written from the contract's value list so the list
 * lives in one place. The text is the one the migrations already hold (drizzle-kit compares it).
 */
export function inValues(column: AnyPgColumn, values: readonly (string | number)[]): SQL {
  const literals = values.map((value) => (typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`));
  return sql`${column} in (${sql.raw(literals.join(", "))})`;
}
