/** One row as read from Whaticket: column name → value (timestamps as UTC text, see the readers). */
export type SourceRow = Record<string, unknown>;

/**
 * A Whaticket database, read only. PostgreSQL and MySQL/MariaDB differ only here: quoting,
 * streaming and type conversions; everything above speaks plain SQL both accept.
 */
export interface WhaticketSource {
  readonly dialect: "postgres" | "mysql";
  /** Quotes an identifier ("Tickets" or `Tickets`): Whaticket's names are camel case. */
  quote(name: string): string;
  /** The table's columns, empty when the table does not exist (an old install or a fork). */
  columns(table: string): Promise<Set<string>>;
  query(sql: string, params?: unknown[]): Promise<SourceRow[]>;
  /** Runs one ordered SELECT and yields its rows in batches, from one server-side cursor. */
  stream(sql: string, params: unknown[], batchSize: number): AsyncIterable<SourceRow[]>;
  close(): Promise<void>;
}

/** Placeholders differ: $1 in PostgreSQL, ? in MySQL. */
export function placeholder(source: WhaticketSource, index: number): string {
  return source.dialect === "postgres" ? `$${index}` : "?";
}

/**
 * The select list for the columns the step wants: the ones the table has, and NULL for the others,
 * so an older install or a fork without a column reads like one where it is empty.
 */
export function selectList(source: WhaticketSource, present: Set<string>, wanted: readonly string[], alias?: string): string {
  const prefix = alias ? `${alias}.` : "";
  return wanted.map((name) => (present.has(name) ? `${prefix}${source.quote(name)} as ${source.quote(name)}` : `null as ${source.quote(name)}`)).join(", ");
}

/** The tables every Whaticket install has: without them --from names some other database. */
const requiredTables = ["Users", "Contacts", "Tickets", "Messages"] as const;

/** Refuses, before anything is read or written, a source that is not a Whaticket database. */
export async function assertWhaticketTables(source: WhaticketSource): Promise<void> {
  const missing: string[] = [];
  for (const table of requiredTables) if ((await source.columns(table)).size === 0) missing.push(table);
  if (missing.length > 0) {
    throw new Error(`This is not a Whaticket database: no ${missing.join(", ")} table${missing.length > 1 ? "s" : ""}. --from must name the Whaticket backend's database.`);
  }
}
