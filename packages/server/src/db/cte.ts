/**
 * The fields of a CTE that returns whole rows of a table, keyed like the table's columns (drizzle
 * selects a CTE's fields one by one, not as a nested object), typed as those columns.
 */
export function fieldsOf<Columns>(cte: object, columns: Columns & object): Columns {
  return Object.fromEntries(Object.keys(columns).map((key) => [key, (cte as Record<string, unknown>)[key]])) as Columns;
}
