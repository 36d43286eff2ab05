import { getTableColumns, getTableName, sql, type SQL, type SQLChunk } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

/**
 * Columns of `table` that a batch statement writes from JavaScript values keyed like drizzle's
 * insert values (`$inferInsert`): the same rows another writer passes to `insert(…).values(…)`
 * (outgoingValues, the lifecycle's opened), carried as one array parameter per column for an
 * `unnest(…)`, so that the statement writes what that writer decides, not its own copy of it.
 * Built once from a sample row: the function that makes the rows gives every row the same keys.
 */
export interface UnnestColumns {
  /** The keys, in the statement's order. */
  readonly keys: readonly string[];
  /** `"col_a", "col_b"`: an insert's column list. */
  readonly names: SQL;
  /** `$p_a::type[], $p_b::type[]`: the arrays to unnest. */
  readonly arrays: SQL;
  /** `p_col_a, p_col_b`: the unnested columns' aliases (prefixed: they sit beside other columns). */
  readonly aliases: SQL;
  /** `alias.p_col_a, alias.p_col_b`: the values, read from the unnested rows. */
  values(alias: string): SQL;
  /** The arrays' parameters for the statement's execution. */
  params(rows: readonly Record<string, unknown>[]): Record<string, unknown[]>;
}

/** `without`: columns (by their SQL names) the statement writes itself. */
export function unnestColumns(table: PgTable, sample: Record<string, unknown>, prefix: string, without: readonly string[] = []): UnnestColumns {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const columns = Object.keys(sample).flatMap((key) => {
    const column = all[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return without.includes(column.name) ? [] : [{ key, column, alias: `${prefix}_${column.name}`, param: `${prefix}_${key}` }];
  });
  const keys = columns.map(({ key }) => key);
  const list = (each: (column: (typeof columns)[number]) => SQLChunk) => sql.join(columns.map(each), sql`, `);
  return {
    keys,
    names: list(({ column }) => sql.identifier(column.name)),
    arrays: list(({ column, param }) => sql`${sql.placeholder(param)}::${sql.raw(column.getSQLType())}[]`),
    aliases: list(({ alias }) => sql.identifier(alias)),
    values: (from) => list(({ alias }) => sql`${sql.identifier(from)}.${sql.identifier(alias)}`),
    params: (rows) =>
      Object.fromEntries(
        columns.map(({ key, param }) => [
          param,
          rows.map((row) => {
            if (!(key in row)) throw new Error(`a row without ${key}: every row of one writer has the same columns`);
            const value = row[key];
            return value instanceof Date ? value.toISOString() : (value ?? null);
          }),
        ]),
      ),
  };
}
