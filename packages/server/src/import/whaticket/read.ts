import type { ImportContext } from "./context.js";
import { inBatch, targetOf } from "./writer.js";
import { placeholder, selectList, type SourceRow } from "./source/source.js";

export interface TableRead {
  table: string;
  /** Columns the step uses; missing ones read as null (older installs, forks). */
  columns: readonly string[];
  /** The keyset: the stream is ordered by these columns. */
  orderBy: readonly string[];
  /** Resume after this keyset position (the last row a previous run committed). */
  after?: readonly unknown[];
}

/** Streams a source table in keyset order, in batches; nothing when the install lacks the table. */
export async function* readTable(ctx: ImportContext, read: TableRead): AsyncIterable<SourceRow[]> {
  const { source } = ctx;
  const present = await source.columns(read.table);
  if (present.size === 0) return;
  const order = read.orderBy.map((name) => source.quote(name));
  const where = read.after ? ` where (${order.join(", ")}) > (${read.after.map((_, i) => placeholder(source, i + 1)).join(", ")})` : "";
  const sql = `select ${selectList(source, present, read.columns)} from ${source.quote(read.table)}${where} order by ${order.join(", ")}`;
  yield* source.stream(sql, read.after ? [...read.after] : [], ctx.batchSize);
}

export async function countRows(ctx: ImportContext, table: string): Promise<number> {
  const present = await ctx.source.columns(table);
  if (present.size === 0) return 0;
  const [row] = await ctx.source.query(`select count(*) as n from ${ctx.source.quote(table)}`);
  return Number(row?.n ?? 0);
}

/**
 * The loop every step shares: read the table, hand each batch to `write` inside its transaction,
 * move the progress bar. `write` returns nothing: it reports into ctx.report itself.
 */
export async function forEachBatch(ctx: ImportContext, read: TableRead, write: (rows: SourceRow[]) => Promise<void>): Promise<void> {
  const total = await countRows(ctx, read.table);
  ctx.progress.start(read.table, total);
  const report = ctx.report.table(read.table);
  let batch = 0;
  await refreshStatistics(ctx);
  for await (const rows of readTable(ctx, read)) {
    report.read += rows.length;
    await inBatch(ctx, read.table, ++batch, () => write(rows));
    ctx.progress.advance(rows.length);
    if ((batch & (batch - 1)) === 0) await refreshStatistics(ctx);
  }
  ctx.progress.finish();
}

/**
 * The batch statements join the mapping table by its key; planned on stale statistics (a table
 * still "empty" after 40,000 rows, autovacuum not having come by yet) they scan it whole for every
 * staged row and a batch takes minutes. Analysed at each step's start and after batches 1, 2, 4,
 * 8…: a handful of times per table, each a sample of 30,000 rows.
 */
async function refreshStatistics(ctx: ImportContext): Promise<void> {
  await ctx.target.query("analyze import_mappings, contacts, tickets, messages");
}

/** The same, one row at a time: the small tables (users, queues, settings…) where clarity wins. */
export function forEachRow(ctx: ImportContext, read: TableRead, write: (row: SourceRow) => Promise<void>): Promise<void> {
  return forEachBatch(ctx, read, async (rows) => {
    for (const row of rows) await write(row);
  });
}

/**
 * forEachRow over the rows a previous run did not import: a row whose key (its id, or what `keyOf`
 * makes of it) is in the mapping table already counts as `already` and is passed over.
 */
export function forEachNewRow(
  ctx: ImportContext,
  read: TableRead,
  write: (row: SourceRow) => Promise<void>,
  keyOf: (row: SourceRow) => unknown = (row) => row.id,
): Promise<void> {
  const report = ctx.report.table(read.table);
  return forEachRow(ctx, read, async (row) => {
    if ((await targetOf(ctx, read.table, keyOf(row))) !== null) report.already++;
    else await write(row);
  });
}
