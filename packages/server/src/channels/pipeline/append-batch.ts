import type { Ticket } from "@atendo/contracts";
import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { fieldsOf } from "../../db/cte.js";
import { prepared } from "../../db/prepared.js";
import { contacts, messages, tickets } from "../../db/schema/index.js";
import type { MessageRow } from "../../modules/messages/message.presenter.js";
import type { TicketRow } from "../../modules/tickets/tickets.repo.js";
import { joinTicketParts, presentJoinedTicket, ticketSelection, type JoinedTicket } from "../../modules/tickets/ticket.presenter.js";
import { insertBatchMessages, messageArrays, messageChanges, updateTicketByMessages, type NewInbound } from "./inbound-rows.js";

/** One message of a batch for its ticket: the contact's active one on the connection, or a ticket named by the careful path. */
export interface BatchedInbound {
  message: NewInbound;
  number: string;
  profilePicUrl: string | null;
  /** What the ticket list shows for it. */
  lastMessage: string;
  now: Date;
}

export interface BatchAppended {
  message: MessageRow;
  ticket: Ticket;
  ticketRow: TicketRow;
}

const p = sql.placeholder;

/**
 * The batch's rows, one per distinct (connection, external id), first occurrence kept: a message
 * redelivered inside the batch is stored once (the later copy finds no row, as a redelivery does).
 * `ord` is the position in the batch: messages are stored in it, so a contact's keep their order.
 */
const input = sql`(select distinct on (connection_id, external_id) * from unnest(
  ${p("connectionIds")}::integer[], ${p("externalIds")}::text[], ${p("bodies")}::text[], ${p("fromMe")}::boolean[],
  ${p("mediaTypes")}::text[], ${p("mediaNames")}::text[], ${p("mimeTypes")}::text[], ${p("fileNames")}::text[], ${p("failureReasons")}::text[],
  ${p("quotedExternalIds")}::text[], ${p("senderNames")}::text[], ${p("senderNumbers")}::text[], ${p("createdAt")}::timestamptz[],
  ${p("numbers")}::text[], ${p("profilePicUrls")}::text[], ${p("lastMessages")}::text[], ${p("nows")}::timestamptz[],
  ${p("ticketIds")}::integer[]
) with ordinality as batch(connection_id, external_id, body, from_me, media_type, media_name, mime_type, file_name, failure_reason,
  quoted_external_id, sender_name, sender_number, created_at, number, profile_pic_url, last_message, now, ticket_id, ord)
order by connection_id, external_id, ord)`;

/**
 * Where a row's ticket `t` comes from: the contact's active ticket on the connection (found by
 * the statement), or the ticket the careful path found, created or reopened in its transaction
 * (named by id: it may be a ticket a monitoring records closed).
 */
type Target = "active" | "ticket";

const ticketOf: Record<Target, ReturnType<typeof sql>> = {
  // Lateral and limited, row by row: the contact by its number, then its active ticket, each
  // through its unique index, whatever the statistics (a plain join was planned as a scan of
  // every active ticket, or of every contact, against the batch: ~2 ms of CPU per message).
  // No active ticket (or a new profile picture, which the careful path stores) and no row: that
  // message takes the slow path.
  active: sql`cross join lateral (select c.id from ${contacts} c
      where c.number = b.number and (b.profile_pic_url is null or c.profile_pic_url = b.profile_pic_url) limit 1) c
    cross join lateral (select t.id from ${tickets} t
      where t.contact_id = c.id and t.connection_id = b.connection_id and t.status in ('pending', 'open') limit 1) t`,
  ticket: sql`join ${tickets} t on t.id = b.ticket_id`,
};

function prepareAppendBatch(db: Db, name: string, target: Target) {
  const inserted = db.$with("inserted", getTableColumns(messages)).as(
    sql`${insertBatchMessages}
    from ${input} b
    ${ticketOf[target]}
    order by b.ord
    on conflict (connection_id, external_id) do nothing
    returning *`,
  );
  // One update per ticket however many of its messages the batch holds (inbound-rows.ts's rule).
  const changes = messageChanges(sql`(select i.ticket_id as key, i.id as seq, i.from_me, i.created_at, b.last_message, b.now
      from inserted i join ${input} b on b.connection_id = i.connection_id and b.external_id = i.external_id)`);
  const touched = db.$with("touched", getTableColumns(tickets)).as(
    sql`update ${tickets} set ${updateTicketByMessages(sql`${tickets}`)}
    from ${changes}
    where ${tickets}.id = changes.key
    returning ${tickets}.*`,
  );
  const ticket = fieldsOf(touched, getTableColumns(tickets));
  const query = db
    .with(inserted, touched)
    .select({ message: fieldsOf(inserted, getTableColumns(messages)), ...ticketSelection(ticket) })
    .from(inserted)
    .innerJoin(touched, eq(touched.id, inserted.ticketId))
    .$dynamic();
  return joinTicketParts(query, ticket).prepare(name);
}

const keyOf = (connectionId: number | null, externalId: string | null) => `${connectionId}:${externalId}`;

async function append(db: Db, target: Target, batch: readonly BatchedInbound[], ticketIds: readonly (number | null)[]): Promise<(BatchAppended | undefined)[]> {
  const query = prepared(db, `append_batch_${target}`, (db, name) => prepareAppendBatch(db, name, target));
  const column = <T>(pick: (row: BatchedInbound) => T) => batch.map(pick);
  const rows = await query.execute({
    ...messageArrays(column((row) => row.message)),
    numbers: column((row) => row.number),
    profilePicUrls: column((row) => row.profilePicUrl),
    lastMessages: column((row) => row.lastMessage),
    nows: column((row) => row.now.toISOString()),
    ticketIds,
  });
  const stored = new Map<string, BatchAppended>();
  for (const row of rows) {
    const { message, ...joined } = row;
    stored.set(keyOf(message.connectionId, message.externalId), { message, ticket: presentJoinedTicket(joined as JoinedTicket), ticketRow: joined.ticket });
  }
  return batch.map((row) => {
    const key = keyOf(row.message.connectionId, row.message.externalId);
    const found = stored.get(key);
    // A second copy of the same external id in the batch: not stored again.
    stored.delete(key);
    return found;
  });
}

/**
 * Stores inbound messages for their contacts' active tickets in ONE statement — one transaction,
 * one WAL flush (group commit, docs/decisions/0051) — and reads back, per stored message, its row
 * and its ticket as the API shows it (after the whole batch: a ticket with two messages in the
 * batch shows the later one). A lone message is a batch of one. Returns one entry per input, in
 * order: undefined where nothing was stored (no active ticket, a new profile picture, a
 * redelivery — also of an earlier message of the same batch), for the caller's slow path. All or
 * nothing: if the statement fails, nothing of the batch was stored.
 */
export function appendBatch(db: Db, batch: readonly BatchedInbound[]): Promise<(BatchAppended | undefined)[]> {
  return append(
    db,
    "active",
    batch,
    batch.map(() => null),
  );
}

/**
 * The same statement for one message and the ticket the careful path settled on (inside its
 * transaction: found, created or reopened). Undefined for a redelivery.
 */
export async function appendToTicket(tx: Db, row: BatchedInbound, ticketId: number): Promise<BatchAppended | undefined> {
  return (await append(tx, "ticket", [row], [ticketId]))[0];
}
