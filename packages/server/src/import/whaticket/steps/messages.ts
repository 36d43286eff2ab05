import type { MessageAck } from "@atendo/contracts";
import type { ImportContext } from "../context.js";
import { copyMedia, type MediaRefusal } from "../media.js";
import { refreshTicketCounters } from "./counters.js";
import { forEachBatch } from "../read.js";
import type { SourceRow } from "../source/source.js";
import { stagingColumns } from "../staging.js";
import { bool, id, text, utcTimestamp } from "../values.js";
import { mappedIds, stage } from "../writer.js";

const TABLE = "Messages";

/** Whaticket's acks are WhatsApp's (0 pending, 1 server, 2 device, 3 read, 4 played); Atendo's skip 2. */
export function mapAck(ack: number): MessageAck {
  if (ack <= 0) return 0;
  if (ack === 1) return 1;
  if (ack === 2) return 3;
  if (ack === 3) return 4;
  return 5;
}

/** Whaticket stores the MIME type's first part for files ("application"); Atendo names the kind. */
export function mapMediaType(mediaType: string, hasMedia: boolean): string {
  const known = ["chat", "image", "audio", "video", "document", "sticker", "location", "vcard"];
  if (known.includes(mediaType)) return mediaType;
  if (mediaType === "ptt") return "audio";
  return hasMedia ? "document" : "chat";
}

/**
 * Messages in arrival order (createdAt, then id), since Atendo pages a conversation by message id.
 * A resumed run starts after the last message a previous run committed: the newest mapping row
 * names it, and its createdAt is the one copied from the source.
 */
export async function importMessages(ctx: ImportContext): Promise<void> {
  const report = ctx.report.table(TABLE);
  const after = await resumePosition(ctx);
  const columns = ["id", "body", "ack", "read", "mediaType", "mediaUrl", "ticketId", "fromMe", "isDeleted", "contactId", "quotedMsgId", "userId", "createdAt", "updatedAt"];
  await forEachBatch(ctx, { table: TABLE, columns, orderBy: ["createdAt", "id"], after }, async (rows) => {
    const done = await mappedIds(ctx, TABLE, rows.map((row) => String(row.id)));
    report.already += done.size;
    const staged: unknown[][] = [];
    let missing = 0;
    for (const [ord, row] of rows.entries()) {
      if (done.has(String(row.id))) continue;
      const values = await stagedMessage(ctx, ord, row);
      if (values.refused) ctx.report.adjust(TABLE, values.refused);
      else if (values.missingMedia) missing++;
      staged.push(values.row);
    }
    await stage(ctx.target, "stage_messages", stagingColumns("stage_messages"), staged);
    const result = await ctx.target.query(
      `with src as (
         select s.*, nextval(pg_get_serial_sequence('messages', 'id')) as new_id
         from (select st.*, t.target_id::int as ticket_id from stage_messages st
               join import_mappings t on t.source = $1 and t.source_table = 'Tickets' and t.source_id = st.ticket_source_id
               where not exists (select 1 from import_mappings m where m.source = $1 and m.source_table = 'Messages' and m.source_id = st.source_id)
               order by st.ord) s
       ), written as (
         insert into messages (id, ticket_id, connection_id, external_id, body, from_me, read, media_type, media_name, mime_type, file_name,
                               ack, is_deleted, quoted_msg_id, sender_name, sender_number, user_id, created_at, updated_at)
         select src.new_id, src.ticket_id, tk.connection_id, src.source_id, src.body, src.from_me, src.read, src.media_type, src.media_name, src.mime_type,
                src.file_name, src.ack, src.is_deleted, qm.target_id,
                case when tk.is_group and not src.from_me then sc.name end, case when tk.is_group and not src.from_me then sc.number end,
                um.target_id::int, coalesce(src.created_at, now()), coalesce(src.updated_at, src.created_at, now())
         from src
         join tickets tk on tk.id = src.ticket_id
         left join import_mappings qm on qm.source = $1 and qm.source_table = 'Messages' and qm.source_id = src.quoted_source_id
         left join import_mappings cm on tk.is_group and not src.from_me and cm.source = $1 and cm.source_table = 'Contacts' and cm.source_id = src.contact_source_id
         left join contacts sc on sc.id = cm.target_id
         left join import_mappings um on um.source = $1 and um.source_table = 'Users' and um.source_id = src.user_source_id
       )
       insert into import_mappings (source, source_table, source_id, target_id) select $1, 'Messages', source_id, new_id from src`,
      [ctx.fingerprint],
    );
    const imported = result.rowCount ?? 0;
    report.imported += imported;
    await linkQuotesWithinBatch(ctx);
    ctx.report.table("Tickets").countersRefreshed += await refreshTicketCounters(ctx);
    ctx.report.skip(TABLE, "ticket not imported", staged.length - imported);
    ctx.report.adjust(TABLE, "media file not found: message kept, media marked missing", missing);
  });
}

/**
 * A quote of a message in the same batch: its id exists only once the batch is written (the
 * insert above links quotes of earlier batches through the mapping table).
 */
async function linkQuotesWithinBatch(ctx: ImportContext): Promise<void> {
  // Joined in the order written (the few quoting rows first, then index lookups): on the first
  // batch the mapping table's statistics still say it has no messages, and the planner's own
  // order then scans it once per staged row.
  await ctx.target.query("set local join_collapse_limit = 1");
  await ctx.target.query(
    `update messages x set quoted_msg_id = q.target_id
     from stage_messages s
     join import_mappings me on me.source = $1 and me.source_table = 'Messages' and me.source_id = s.source_id
     join import_mappings q on q.source = $1 and q.source_table = 'Messages' and q.source_id = s.quoted_source_id
     where s.quoted_source_id is not null and x.id = me.target_id and x.quoted_msg_id is null`,
    [ctx.fingerprint],
  );
  await ctx.target.query("set local join_collapse_limit to default");
}

async function stagedMessage(ctx: ImportContext, ord: number, row: SourceRow): Promise<{ row: unknown[]; missingMedia: boolean; refused?: MediaRefusal }> {
  const sourceId = String(row.id);
  const mediaUrl = text(row.mediaUrl).trim();
  const media = mediaUrl ? await copyMedia(ctx, sourceId, mediaUrl) : null;
  const body = text(row.body) || (media?.fileName ?? "");
  return {
    missingMedia: media !== null && media.mediaName === null,
    refused: media?.refused,
    row: [
      ord,
      sourceId,
      id(row.ticketId),
      body,
      bool(row.fromMe),
      bool(row.read),
      mapMediaType(text(row.mediaType), media !== null),
      media?.mediaName ?? null,
      media?.mimeType ?? null,
      media?.fileName || null,
      mapAck(Number(row.ack ?? 0)),
      bool(row.isDeleted),
      id(row.quotedMsgId),
      id(row.contactId),
      id(row.userId),
      utcTimestamp(row.createdAt),
      utcTimestamp(row.updatedAt),
    ],
  };
}

/** The (createdAt, id) of the last message a previous run committed, in the source's own spelling. */
async function resumePosition(ctx: ImportContext): Promise<[string, string] | undefined> {
  const { rows } = await ctx.target.query<{ source_id: string; created_at: string }>(
    `select m.source_id, to_char(x.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as created_at
     from import_mappings m join messages x on x.id = m.target_id
     where m.source = $1 and m.source_table = 'Messages' order by m.target_id desc limit 1`,
    [ctx.fingerprint],
  );
  const last = rows[0];
  if (!last) return undefined;
  return [ctx.source.dialect === "postgres" ? `${last.created_at}+00` : last.created_at, last.source_id];
}
