import type { ImportContext } from "../context.js";
import { forEachRow } from "../read.js";
import { addMapping, targetOf } from "../writer.js";

/** Queue members: UserQueues rows, keyed "userId:queueId" in the mapping table. */
export function importUserQueues(ctx: ImportContext): Promise<void> {
  const TABLE = "UserQueues";
  const report = ctx.report.table(TABLE);
  return forEachRow(ctx, { table: TABLE, columns: ["userId", "queueId"], orderBy: ["userId", "queueId"] }, async (row) => {
    const key = `${String(row.userId)}:${String(row.queueId)}`;
    if ((await targetOf(ctx, TABLE, key)) !== null) {
      report.already++;
      return;
    }
    const userId = await targetOf(ctx, "Users", row.userId);
    const queueId = await targetOf(ctx, "Queues", row.queueId);
    if (userId === null || queueId === null) {
      ctx.report.skip(TABLE, "user or queue not imported");
      return;
    }
    await ctx.target.query("insert into user_queues (user_id, queue_id) values ($1, $2) on conflict do nothing", [userId, queueId]);
    await addMapping(ctx, TABLE, key, userId);
    report.imported++;
  });
}

/**
 * A Whaticket connection lists queues the customer chooses from; an Atendo connection has one
 * destination (a queue, or a menu offering several). One queue becomes the destination; several
 * are left for the admin to build a menu from (skipped, counted), since guessing a menu's texts
 * would put words in the company's mouth.
 */
export async function importConnectionQueues(ctx: ImportContext): Promise<void> {
  const TABLE = "WhatsappQueues";
  const report = ctx.report.table(TABLE);
  const counts = new Map<string, number>();
  if ((await ctx.source.columns(TABLE)).size > 0) {
    for (const row of await ctx.source.query(`select ${ctx.source.quote("whatsappId")} as w, count(*) as n from ${ctx.source.quote(TABLE)} group by ${ctx.source.quote("whatsappId")}`)) {
      counts.set(String(row.w), Number(row.n));
    }
  }
  await forEachRow(ctx, { table: TABLE, columns: ["whatsappId", "queueId"], orderBy: ["whatsappId", "queueId"] }, async (row) => {
    const key = `${String(row.whatsappId)}:${String(row.queueId)}`;
    if ((await targetOf(ctx, TABLE, key)) !== null) {
      report.already++;
      return;
    }
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
    await addMapping(ctx, TABLE, key, connectionId);
    report.imported++;
  });
}
