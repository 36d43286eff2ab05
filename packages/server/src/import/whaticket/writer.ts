import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { ImportContext } from "./context.js";

/**
 * Runs one batch: in its own transaction, so a batch and its mapping rows commit together and a
 * killed run resumes after the last committed batch. A dry run holds one transaction for the whole
 * run instead (run-import.ts), rolled back at the end.
 */
export async function inBatch<T>(ctx: ImportContext, table: string, batch: number, work: () => Promise<T>): Promise<T> {
  if (ctx.dryRun) return work();
  await ctx.target.query("begin");
  let result: T;
  try {
    result = await work();
    await ctx.target.query("commit");
  } catch (error) {
    await ctx.target.query("rollback").catch(() => undefined);
    throw error;
  }
  ctx.afterBatch?.(table, batch);
  return result;
}

/** Empties a staging table and fills it with the batch through COPY (the fast path: no per-row statements). */
export async function stage(client: pg.Client, table: string, columns: readonly string[], rows: readonly unknown[][]): Promise<void> {
  await client.query(`truncate ${table}`);
  if (rows.length === 0) return;
  const copy = client.query(copyFrom(`copy ${table} (${columns.join(", ")}) from stdin`));
  await pipeline(Readable.from(copyLines(rows)), copy);
  // Temporary tables get no statistics by themselves: without them the joins below are planned
  // for an empty table (nested loops over 10,000 rows).
  await client.query(`analyze ${table}`);
}

function* copyLines(rows: readonly unknown[][]): Generator<string> {
  let chunk = "";
  for (const row of rows) {
    chunk += row.map(copyValue).join("\t") + "\n";
    if (chunk.length > 65_536) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

/** COPY's text format: \N for null, backslash escapes for the separators. */
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  const text = typeof value === "string" ? value : String(value);
  // NUL cannot be stored in PostgreSQL text at all; WhatsApp bodies occasionally carry one.
  return text.replace(/\0/g, "").replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"));
}

/** The source ids of this batch a previous run already imported, and their Atendo ids. */
export async function mappedIds(ctx: ImportContext, sourceTable: string, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const { rows } = await ctx.target.query<{ source_id: string; target_id: string }>(
    "select source_id, target_id from import_mappings where source = $1 and source_table = $2 and source_id = any($3::text[])",
    [ctx.fingerprint, sourceTable, ids],
  );
  return new Map(rows.map((row) => [row.source_id, Number(row.target_id)]));
}

export async function addMapping(ctx: ImportContext, sourceTable: string, sourceId: string, targetId: number): Promise<void> {
  await ctx.target.query("insert into import_mappings (source, source_table, source_id, target_id) values ($1, $2, $3, $4)", [
    ctx.fingerprint,
    sourceTable,
    sourceId,
    targetId,
  ]);
}

/** A source row became `targetId`: a new row (`imported`) or one Atendo already had (`merged`). */
export async function recordImport(ctx: ImportContext, sourceTable: string, sourceId: string, targetId: number, outcome: "imported" | "merged"): Promise<void> {
  await addMapping(ctx, sourceTable, sourceId, targetId);
  ctx.report.table(sourceTable)[outcome]++;
}

/** The Atendo id a source row became, if it was imported. */
export async function targetOf(ctx: ImportContext, sourceTable: string, sourceId: unknown): Promise<number | null> {
  if (sourceId === null || sourceId === undefined) return null;
  const { rows } = await ctx.target.query<{ target_id: string }>(
    "select target_id from import_mappings where source = $1 and source_table = $2 and source_id = $3",
    [ctx.fingerprint, sourceTable, String(sourceId)],
  );
  return rows[0] ? Number(rows[0].target_id) : null;
}
