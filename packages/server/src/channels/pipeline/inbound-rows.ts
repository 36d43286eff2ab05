import { sql, type SQL } from "drizzle-orm";
import { messages } from "../../db/schema/index.js";
import type { MessageRow } from "../../modules/messages/message.presenter.js";

/**
 * The one definition of what storing inbound messages writes, shared by the two statements
 * that store them (append-batch.ts: to a ticket that exists; create-batch.ts: with a new
 * contact and ticket): the message's row, and how messages move their ticket. Every way in —
 * one message, a group commit's batch, the careful transaction — ends in one of those two.
 */

/** An inbound message to store; the quoted message is named by its external id. */
export interface NewInbound {
  connectionId: number;
  externalId: string;
  body: string;
  fromMe: boolean;
  mediaType: MessageRow["mediaType"];
  mediaName: string | null;
  mimeType: string | null;
  fileName: string | null;
  /** Set when the message is kept without part of itself: ERR_STORAGE_FULL, its file could not be saved (decision 0101). */
  failureReason: string | null;
  quotedExternalId: string | null;
  senderName: string | null;
  senderNumber: string | null;
  createdAt: Date;
}

/**
 * A batch's messages as the arrays of an `unnest(…)` statement, one per column (append-batch.ts,
 * create-batch.ts): one parameter per column whatever the batch's size.
 */
export function messageArrays(batch: readonly NewInbound[]) {
  const column = <T>(pick: (message: NewInbound) => T) => batch.map(pick);
  return {
    connectionIds: column((m) => m.connectionId),
    externalIds: column((m) => m.externalId),
    bodies: column((m) => m.body),
    fromMe: column((m) => m.fromMe),
    mediaTypes: column((m) => m.mediaType),
    mediaNames: column((m) => m.mediaName),
    mimeTypes: column((m) => m.mimeType),
    fileNames: column((m) => m.fileName),
    failureReasons: column((m) => m.failureReason),
    quotedExternalIds: column((m) => m.quotedExternalId),
    senderNames: column((m) => m.senderName),
    senderNumbers: column((m) => m.senderNumber),
    createdAt: column((m) => m.createdAt.toISOString()),
  };
}

/**
 * The head of the message insert (append-batch.ts, create-batch.ts): each row `b` of
 * messageArrays, unnested, into its ticket `t`. A message the company sent from its phone
 * (`from_me`) is read and sent; the customer's is unread. The statements differ in where `b`
 * and `t` come from, which follows this.
 */
export const insertBatchMessages = sql`insert into ${messages} (ticket_id, connection_id, external_id, body, from_me, read, ack,
      media_type, media_name, mime_type, file_name, failed, failure_reason, quoted_msg_id, sender_name, sender_number, created_at)
    select t.id, b.connection_id, b.external_id, b.body, b.from_me, b.from_me, case when b.from_me then 1 else 0 end,
      b.media_type, b.media_name, b.mime_type, b.file_name, b.failure_reason is not null, b.failure_reason,
      (select q.id from ${messages} q where q.connection_id = b.connection_id and q.external_id = b.quoted_external_id),
      b.sender_name, b.sender_number, b.created_at`;

/**
 * What a ticket's inbound messages of one statement change, per ticket (`key`), from `rows`: one
 * row per stored message with `key`, `seq` (storing order), `from_me`, `created_at`,
 * `last_message` (its summary for the ticket list) and `now` (when it arrived). Read by
 * ticketAfterMessages as `changes`.
 */
export function messageChanges(rows: SQL): SQL {
  return sql`(select m.key, (count(*) filter (where not m.from_me))::integer as unread,
      (array_agg(m.last_message order by m.seq desc))[1] as last_message, max(m.now) as now,
      min(m.created_at) filter (where m.from_me) as first_response
    from ${rows} m group by m.key) changes`;
}

/**
 * How inbound messages move their ticket — the rule, written once: the customer's messages add
 * to the unread count, the last one becomes the list's last message and its arrival the
 * ticket's time, and the company's own message (sent from the phone) is the team's first
 * response, kept once (docs/decisions/0039). `before` is what the ticket had: its own columns
 * for an update, nothing for a ticket the statement creates.
 */
function ticketAfterMessages(before: { unread: SQL; firstResponse: SQL }): [string, SQL][] {
  return [
    ["last_message", sql`changes.last_message`],
    ["unread_messages", sql`${before.unread} + changes.unread`],
    ["updated_at", sql`changes.now`],
    ["first_response_at", sql`coalesce(${before.firstResponse}, changes.first_response)`],
  ];
}

/** The ticket columns ticketAfterMessages sets (a ticket's opening values leave them to it). */
export const ticketColumnsOfMessages: readonly string[] = ticketAfterMessages({ unread: sql`0`, firstResponse: sql`null` }).map(([name]) => name);

/** `set …` of an update of `tickets` joined to `changes`: the ticket after its messages. */
export function updateTicketByMessages(tickets: SQL): SQL {
  const set = ticketAfterMessages({ unread: sql`${tickets}.unread_messages`, firstResponse: sql`${tickets}.first_response_at` });
  return sql.join(
    set.map(([name, value]) => sql`${sql.identifier(name)} = ${value}`),
    sql`, `,
  );
}

/** The columns and values (over `changes`) of a new ticket's insert: the ticket after its first messages. */
export function newTicketByMessages(): { names: SQL; values: SQL } {
  const set = ticketAfterMessages({ unread: sql`0`, firstResponse: sql`null::timestamptz` });
  return {
    names: sql.join(
      set.map(([name]) => sql.identifier(name)),
      sql`, `,
    ),
    values: sql.join(
      set.map(([, value]) => value),
      sql`, `,
    ),
  };
}
