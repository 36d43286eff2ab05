import { sql } from "drizzle-orm";
import { existsSync, renameSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { openDatabase, type Database } from "../client.js";
import { DatabaseStartError } from "./errors.js";

/** Rows per round trip while copying (a page of messages is a few hundred kB). */
const BATCH_ROWS = 500;
const PROGRESS_EVERY_ROWS = 100_000;

export interface PgliteImport {
  /** The PGlite folder of an earlier release (PGLITE_DIR). */
  pgliteDir: string;
  /** The embedded server's database, migrated and empty on the first start. */
  targetUrl: string;
  /** Named in the messages. */
  targetDir: string;
  report: (line: string) => void;
}

interface TableCopy {
  name: string;
  /** Columns written on insert (generated ones are computed by the server). */
  columns: string[];
  /** GENERATED ALWAYS identity columns need OVERRIDING SYSTEM VALUE to keep their ids. */
  alwaysIdentity: boolean;
  count: number;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Moves the data of a PGlite folder (the embedded database before issue 12) into the embedded
 * PostgreSQL, once: when the folder exists and the new database is still empty. One transaction
 * copies every table and the sequences, compares the row counts per table and commits only if
 * they all match; then the PGlite folder is renamed `<folder>.imported-<date>` and kept (Atendo
 * never deletes it). A crash before the commit leaves the new database empty and the folder in
 * place: the next start imports again. Returns whether it imported.
 */
export async function importPgliteOnce(job: PgliteImport): Promise<boolean> {
  if (!existsSync(join(job.pgliteDir, "PG_VERSION"))) return false;
  const target = new pg.Client({ connectionString: job.targetUrl });
  await target.connect();
  try {
    const tables = await targetTables(target);
    if (await holdsData(target, tables)) {
      job.report(
        `${job.pgliteDir} (a PGlite database) was not imported: the embedded PostgreSQL in ${job.targetDir} already holds data. Move that folder away to stop this message.`,
      );
      return false;
    }
    job.report(`Importing the PGlite database ${job.pgliteDir} into the embedded PostgreSQL (${job.targetDir}); the PGlite folder stays as it is until the copy is verified…`);
    const source = await openPglite(job.pgliteDir);
    let total: number;
    try {
      total = await copyAll(source, target, tables, job);
    } finally {
      await source.close();
    }
    const kept = keptName(job.pgliteDir);
    renameSync(job.pgliteDir, kept);
    job.report(`Imported ${total.toLocaleString("en")} rows in ${tables.length} tables, counts checked table by table. The PGlite folder is kept as ${kept}: delete it once you no longer need it.`);
    return true;
  } finally {
    await target.end();
  }
}

async function openPglite(dir: string): Promise<Database> {
  const source = openDatabase({ pgliteDir: dir });
  try {
    // An older release's folder gets this release's migrations first: both sides then have the same tables.
    await source.migrate();
    return source;
  } catch (error) {
    await source.close().catch(() => undefined);
    throw new DatabaseStartError(
      `The PGlite folder ${dir} could not be opened to import it (${(error as Error).message}): nothing was imported. Restore it from a backup, or move it away to start with an empty database.`,
    );
  }
}

async function targetTables(target: pg.Client): Promise<TableCopy[]> {
  const { rows } = await target.query<{ name: string; columns: string[]; always_identity: boolean }>(`
    select c.relname::text as name,
           array_agg(a.attname::text order by a.attnum) filter (where a.attgenerated = '') as columns,
           bool_or(a.attidentity = 'a') as always_identity
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where c.relkind in ('r', 'p')
     group by c.relname
     order by c.relname`);
  return rows.map((row) => ({ name: row.name, columns: row.columns, alwaysIdentity: row.always_identity, count: 0 }));
}

async function holdsData(target: pg.Client, tables: TableCopy[]): Promise<boolean> {
  for (const table of tables) {
    const { rowCount } = await target.query(`select 1 from ${ident(table.name)} limit 1`);
    if (rowCount) return true;
  }
  return false;
}

type Rows<T> = { rows: T[] };

async function copyAll(source: Database, target: pg.Client, tables: TableCopy[], job: PgliteImport): Promise<number> {
  let copied = 0;
  let nextProgress = PROGRESS_EVERY_ROWS;
  await target.query("begin");
  try {
    // The copy is the database as it was: no foreign-key checks or triggers while rows arrive in table order.
    await target.query("set local session_replication_role = replica");
    await source.db.transaction(async (tx) => {
      for (const table of tables) {
        const counted = (await tx.execute(sql.raw(`select count(*)::int as n from ${ident(table.name)}`))) as unknown as Rows<{ n: number }>;
        table.count = counted.rows[0]?.n ?? 0;
        const columns = table.columns.map(ident).join(", ");
        const insert = `insert into ${ident(table.name)} (${columns})${table.alwaysIdentity ? " overriding system value" : ""}
          select ${columns} from json_populate_recordset(null::${ident(table.name)}, $1::json)`;
        await tx.execute(sql.raw(`declare import_rows no scroll cursor for select row_to_json(t)::text as row from ${ident(table.name)} t`));
        for (;;) {
          const page = (await tx.execute(sql.raw(`fetch ${BATCH_ROWS} from import_rows`))) as unknown as Rows<{ row: string }>;
          if (page.rows.length === 0) break;
          await target.query(insert, [`[${page.rows.map((r) => r.row).join(",")}]`]);
          copied += page.rows.length;
          if (copied >= nextProgress) {
            job.report(`  … ${copied.toLocaleString("en")} rows copied`);
            nextProgress += PROGRESS_EVERY_ROWS;
          }
        }
        await tx.execute(sql.raw("close import_rows"));
      }
      await copySequences(tx as unknown as Database["db"], target);
    });
    await verifyCounts(target, tables, job);
    await target.query("commit");
  } catch (error) {
    await target.query("rollback").catch(() => undefined);
    throw error;
  }
  return copied;
}

/** Every sequence goes on where it was, so new ids continue after the imported ones. */
async function copySequences(source: Database["db"], target: pg.Client): Promise<void> {
  const sequences = (await source.execute(
    sql.raw(`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' and last_value is not null`),
  )) as unknown as Rows<{ name: string; value: string }>;
  for (const sequence of sequences.rows) {
    await target.query("select setval($1::regclass, $2::bigint, true)", [ident(sequence.name), sequence.value]);
  }
}

async function verifyCounts(target: pg.Client, tables: TableCopy[], job: PgliteImport): Promise<void> {
  for (const table of tables) {
    const { rows } = await target.query<{ n: number }>(`select count(*)::int as n from ${ident(table.name)}`);
    const copied = rows[0]?.n ?? -1;
    if (copied !== table.count) {
      throw new DatabaseStartError(
        `Importing ${job.pgliteDir} failed: table ${table.name} has ${table.count} rows in PGlite and ${copied} after the copy. Nothing was imported and the PGlite folder is unchanged; set DATABASE_URL or report the problem.`,
      );
    }
  }
}

function keptName(dir: string): string {
  const stamp = new Date().toISOString().slice(0, 19).replaceAll(":", "").replace("T", "-");
  let name = `${dir}.imported-${stamp}`;
  for (let n = 2; existsSync(name); n++) name = `${dir}.imported-${stamp}-${n}`;
  return name;
}
