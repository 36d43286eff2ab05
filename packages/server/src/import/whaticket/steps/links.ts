import type { ImportContext } from "../context.js";
import { forEachNewRow } from "../read.js";
import type { SourceRow } from "../source/source.js";
import { recordImport, targetOf } from "../writer.js";

/** A link row has no id of its own: it is mapped by its two ids, "a:b". */
function pairKey(a: unknown, b: unknown): string {
  return `${String(a)}:${String(b)}`;
}

/** Queue members: UserQueues rows, keyed "userId:queueId" (pairKey) in the mapping table. */
export function importUserQueues(ctx: ImportContext): Promise<void> {
  const TABLE = "UserQueues";
  const keyOf = (row: SourceRow) => pairKey(row.userId, row.queueId);
  const read = { table: TABLE, columns: ["userId", "queueId"], orderBy: ["userId", "queueId"] };
  return forEachNewRow(ctx, read, async (row) => {
    const userId = await targetOf(ctx, "Users", row.userId);
    const queueId = await targetOf(ctx, "Queues", row.queueId);
    if (userId === null || queueId === null) {
      ctx.report.skip(TABLE, "user or queue not imported");
      return;
    }
    await ctx.target.query("insert into user_queues (user_id, queue_id) values ($1, $2) on conflict do nothing", [userId, queueId]);
    await recordImport(ctx, TABLE, keyOf(row), userId, "imported");
  }, keyOf);
}

/**
 * A Whaticket connection lists queues the customer chooses from; an Atendo connection has one
 * destination (a queue, or a menu offering several). One queue becomes the destination; several
 * are left for the admin to build a menu from (skipped, counted), since guessing a menu's texts
 * would put words in the company's mouth.
 */
export async function importConnectionQueues(ctx: ImportContext): Promise<void> {
  const TABLE = "WhatsappQueues";
  const counts = new Map<string, number>();
  if ((await ctx.source.columns(TABLE)).size > 0) {
    for (const row of await ctx.source.query(`select ${ctx.source.quote("whatsappId")} as w, count(*) as n from ${ctx.source.quote(TABLE)} group by ${ctx.source.quote("whatsappId")}`)) {
      counts.set(String(row.w), Number(row.n));
    }
  }
  const keyOf = (row: SourceRow) => pairKey(row.whatsappId, row.queueId);
  const read = { table: TABLE, columns: ["whatsappId", "queueId"], orderBy: ["whatsappId", "queueId"] };
  await forEachNewRow(ctx, read, async (row) => {
    const connectionId = await targetOf(ctx, "Whatsapps", row.whatsappId);
    const queueId = await targetOf(ctx, "Queues", row.queueId);
    if (connectionId === null || queueId === null) {
      ctx.report.skip(TABLE, "connection or queue not imported");
      return;
    }
    if ((counts.get(String(row.whatsappId)) ?? 0) > 1) {
      ctx.report.skip(TABLE, "connection with several queues: Atendo routes to one destination, build a menu (URA) for them");
      return;
    }
    await ctx.target.query("update connections set destination_type = 'queue', destination_id = $2 where id = $1", [connectionId, queueId]);
    await recordImport(ctx, TABLE, keyOf(row), connectionId, "imported");
  }, keyOf);
}
