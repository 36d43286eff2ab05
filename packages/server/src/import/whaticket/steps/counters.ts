import type { ImportContext } from "../context.js";

/**
 * The tickets of the batch's messages get the counters Atendo's writers keep: last message, unread
 * count, first response. Recomputed from the imported messages rather than trusted from
 * Whaticket, whose counters drift, and in the batch's transaction, so a resumed run leaves them
 * as an uninterrupted one would. Only rows whose values change are written: a run that imported
 * nothing changes nothing.
 */
export async function refreshTicketCounters(ctx: ImportContext): Promise<number> {
  const result = await ctx.target.query(
    `with touched as (
       select distinct m.target_id::int as id from stage_messages s
       join import_mappings m on m.source = $1 and m.source_table = 'Tickets' and m.source_id = s.ticket_source_id
     ), computed as (
       select t.id,
              coalesce((select x.body from messages x where x.ticket_id = t.id order by x.id desc limit 1), '') as last_message,
              (select count(*) from messages x where x.ticket_id = t.id and not x.from_me and not x.read)::int as unread,
              (select min(x.created_at) from messages x where x.ticket_id = t.id and x.from_me) as first_response
       from touched t
     )
     update tickets t set last_message = c.last_message, unread_messages = c.unread, first_response_at = coalesce(t.first_response_at, c.first_response)
     from computed c
     where t.id = c.id
       and (t.last_message, t.unread_messages, t.first_response_at) is distinct from (c.last_message, c.unread, coalesce(t.first_response_at, c.first_response))`,
    [ctx.fingerprint],
  );
  return result.rowCount ?? 0;
}
