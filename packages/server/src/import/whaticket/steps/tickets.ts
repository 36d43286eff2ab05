import type { ImportContext } from "../context.js";
import { forEachBatch } from "../read.js";
import { stagingColumns } from "../staging.js";
import { stage } from "../writer.js";
import { bool, id, text, utcTimestamp } from "../values.js";
import { countMapped } from "./contacts.js";

const TABLE = "Tickets";

/** Whaticket statuses Atendo has; a fork's own ones ("group", "nps"…) arrive closed, as history. */
export function mapTicketStatus(status: string): "open" | "pending" | "closed" | null {
  return status === "open" || status === "pending" || status === "closed" ? status : null;
}

/**
 * Tickets, with Atendo's rules applied on the way in (docs/decisions/0049):
 * - an owner or queue that no longer exists (deleted user, deleted queue) is left empty;
 * - `open` without an owner waits as `pending`;
 * - an active ticket without a connection is closed (nothing could reach its contact);
 * - one active ticket per contact and connection: the newest (highest id) stays active, older ones
 *   are closed; when Atendo already has an active ticket there, Atendo's stays and the import closes.
 */
export function importTickets(ctx: ImportContext): Promise<void> {
  const report = ctx.report.table(TABLE);
  const columns = ["id", "status", "contactId", "whatsappId", "userId", "queueId", "lastMessage", "unreadMessages", "isGroup", "createdAt", "updatedAt"];
  return forEachBatch(ctx, { table: TABLE, columns, orderBy: ["id"] }, async (rows) => {
    const staged = rows.map((row, ord) => {
      return [ord, String(row.id), mapTicketStatus(text(row.status)) ?? "closed", text(row.status), id(row.contactId), id(row.whatsappId), id(row.userId), id(row.queueId), text(row.lastMessage), Number(row.unreadMessages ?? 0) || 0, bool(row.isGroup), utcTimestamp(row.createdAt), utcTimestamp(row.updatedAt)];
    });
    await stage(ctx.target, "stage_tickets", stagingColumns("stage_tickets"), staged);
    const already = await countMapped(ctx, "stage_tickets", TABLE);
    const params = [ctx.fingerprint];
    await ctx.target.query("drop table if exists resolved_tickets");
    await ctx.target.query(
      `create temp table resolved_tickets as
       select s.ord, s.source_id, s.status, s.source_status, c.target_id::int as contact_id, w.target_id::int as connection_id,
              u.target_id::int as user_id, q.target_id::int as queue_id, s.last_message, greatest(s.unread, 0) as unread, s.is_group,
              coalesce(s.created_at, now()) as created_at, coalesce(s.updated_at, s.created_at, now()) as updated_at,
              s.user_source_id is not null and u.target_id is null as owner_gone
       from stage_tickets s
       join import_mappings c on c.source = $1 and c.source_table = 'Contacts' and c.source_id = s.contact_source_id
       left join import_mappings w on w.source = $1 and w.source_table = 'Whatsapps' and w.source_id = s.connection_source_id
       left join import_mappings u on u.source = $1 and u.source_table = 'Users' and u.source_id = s.user_source_id
       left join import_mappings q on q.source = $1 and q.source_table = 'Queues' and q.source_id = s.queue_source_id
       where not exists (select 1 from import_mappings m where m.source = $1 and m.source_table = 'Tickets' and m.source_id = s.source_id)`,
      params,
    );
    const { rows: forkStatuses } = await ctx.target.query<{ source_status: string; n: string }>(
      "select source_status, count(*) as n from resolved_tickets where source_status not in ('open', 'pending', 'closed') group by source_status",
    );
    for (const { source_status, n } of forkStatuses) ctx.report.adjust(TABLE, `status "${source_status}" imported as closed`, Number(n));
    const adjust = async (reason: string, sql: string, values: unknown[] = []) => {
      const result = await ctx.target.query(sql, values);
      ctx.report.adjust(TABLE, reason, result.rowCount ?? 0);
    };
    await adjust("owner no longer exists (deleted user): imported without owner", "update resolved_tickets set user_id = null where owner_gone");
    await adjust("open without owner: imported pending", "update resolved_tickets set status = 'pending' where status = 'open' and user_id is null");
    await adjust("active without a connection: imported closed", "update resolved_tickets set status = 'closed' where status <> 'closed' and connection_id is null");
    await adjust(
      "older active ticket of the same contact and connection: closed",
      `update resolved_tickets r set status = 'closed' where r.status <> 'closed' and exists (
         select 1 from resolved_tickets n where n.status <> 'closed' and n.contact_id = r.contact_id and n.connection_id = r.connection_id and n.ord > r.ord)`,
    );
    await adjust(
      "older active ticket of the same contact and connection: closed",
      `update tickets t set status = 'closed', closed_at = t.updated_at
       from resolved_tickets r, import_mappings m
       where r.status <> 'closed' and t.status <> 'closed' and t.contact_id = r.contact_id and t.connection_id = r.connection_id
         and m.source = $1 and m.source_table = 'Tickets' and m.target_id = t.id`,
      params,
    );
    await adjust(
      "contact already has an active Atendo ticket: imported closed",
      `update resolved_tickets r set status = 'closed' where r.status <> 'closed' and exists (
         select 1 from tickets t where t.status <> 'closed' and t.contact_id = r.contact_id and t.connection_id = r.connection_id)`,
    );
    const result = await ctx.target.query(
      `with src as (
         select r.*, nextval(pg_get_serial_sequence('tickets', 'id')) as new_id from (select * from resolved_tickets order by ord) r
       ), written as (
         insert into tickets (id, status, contact_id, connection_id, user_id, queue_id, last_message, unread_messages, is_group, closed_at, created_at, updated_at)
         select new_id, status, contact_id, connection_id, user_id, queue_id, last_message, unread, is_group,
                case when status = 'closed' then updated_at end, created_at, updated_at
         from src
       )
       insert into import_mappings (source, source_table, source_id, target_id) select $1, 'Tickets', source_id, new_id from src`,
      params,
    );
    const imported = result.rowCount ?? 0;
    report.imported += imported;
    report.already += already;
    ctx.report.skip(TABLE, "contact not imported", staged.length - already - imported);
  });
}
