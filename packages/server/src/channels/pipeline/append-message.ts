import { activeTicketStatuses, type Ticket } from "@atendo/contracts";
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { fieldsOf } from "../../db/cte.js";
import { prepared } from "../../db/prepared.js";
import { contacts, messages, tickets } from "../../db/schema/index.js";
import type { MessageRow } from "../../modules/messages/message.presenter.js";
import type { TicketRow } from "../../modules/tickets/tickets.repo.js";
import { joinTicketParts, presentJoinedTicket, ticketSelection, type JoinedTicket } from "../../modules/tickets/ticket.presenter.js";

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
    quotedExternalIds: column((m) => m.quotedExternalId),
    senderNames: column((m) => m.senderName),
    senderNumbers: column((m) => m.senderNumber),
    createdAt: column((m) => m.createdAt.toISOString()),
  };
}

/**
 * The head of the batch statements' message insert (append-batch.ts, create-batch.ts): each row
 * `b` of messageArrays, unnested, into its ticket `t`, stored as appendMessage stores one. The
 * statements differ in where `b` and `t` come from, which follows this.
 */
export const insertBatchMessages = sql`insert into ${messages} (ticket_id, connection_id, external_id, body, from_me, read, ack,
      media_type, media_name, mime_type, file_name, quoted_msg_id, sender_name, sender_number, created_at)
    select t.id, b.connection_id, b.external_id, b.body, b.from_me, b.from_me, case when b.from_me then 1 else 0 end,
      b.media_type, b.media_name, b.mime_type, b.file_name,
      (select q.id from ${messages} q where q.connection_id = b.connection_id and q.external_id = b.quoted_external_id),
      b.sender_name, b.sender_number, b.created_at`;

/** The columns an inbound message sets, in the order of the statement's insert list. */
const insertColumns = [
  messages.ticketId,
  messages.connectionId,
  messages.externalId,
  messages.body,
  messages.fromMe,
  messages.read,
  messages.ack,
  messages.mediaType,
  messages.mediaName,
  messages.mimeType,
  messages.fileName,
  messages.quotedMsgId,
  messages.senderName,
  messages.senderNumber,
  messages.createdAt,
];

/** Which ticket the message goes to: a known one (by id), or the contact's active one on the connection. */
type Target = "ticket" | "active";

function prepareAppend(db: Db, name: string, target: Target) {
  const p = sql.placeholder;
  const found = db.$with("found").as(
    target === "ticket"
      ? db.select({ ticketId: tickets.id }).from(tickets).where(eq(tickets.id, p("ticketId")))
      : db
          .select({ ticketId: tickets.id })
          .from(contacts)
          .innerJoin(tickets, and(eq(tickets.contactId, contacts.id), eq(tickets.connectionId, p("connectionId")), inArray(tickets.status, activeTicketStatuses)))
          // A new profile picture is stored by the slow path: no row here.
          .where(and(eq(contacts.number, p("number")), sql`(${p("profilePicUrl")}::text is null or ${contacts.profilePicUrl} = ${p("profilePicUrl")}::text)`))
          .limit(1),
  );
  // INSERT … SELECT from `found`: no ticket, no message (and no row back).
  const inserted = db.$with("inserted", getTableColumns(messages)).as(
    sql`insert into ${messages} (${sql.join(
      insertColumns.map((column) => sql.identifier(column.name)),
      sql`, `,
    )}) select ${found.ticketId}, ${p("connectionId")}::integer, ${p("externalId")}::text, ${p("body")}::text, ${p("fromMe")}::boolean, ${p("fromMe")}::boolean, ${p("ack")}::smallint, ${p("mediaType")}::text, ${p("mediaName")}::text, ${p("mimeType")}::text, ${p("fileName")}::text, (select ${messages.id} from ${messages} where ${messages.connectionId} = ${p("connectionId")}::integer and ${messages.externalId} = ${p("quotedExternalId")}::text), ${p("senderName")}::text, ${p("senderNumber")}::text, ${p("createdAt")}::timestamptz from ${found} on conflict (${sql.identifier(messages.connectionId.name)}, ${sql.identifier(messages.externalId.name)}) do nothing returning *`,
  );
  const touched = db.$with("touched").as(
    db
      .update(tickets)
      .set({
        lastMessage: sql`${p("lastMessage")}`,
        unreadMessages: sql`${tickets.unreadMessages} + ${p("unread")}`,
        updatedAt: sql`${p("now")}`,
        // The company's own message (sent from the phone) is the team answering: the reports'
        // first response, kept once (docs/decisions/0039).
        firstResponseAt: sql`case when ${p("fromMe")}::boolean then coalesce(${tickets.firstResponseAt}, ${p("createdAt")}::timestamptz) else ${tickets.firstResponseAt} end`,
      })
      .where(sql`${tickets.id} = (select ${inserted.ticketId} from ${inserted})`)
      .returning(),
  );
  const ticket = fieldsOf(touched, getTableColumns(tickets));
  const query = db
    .with(found, inserted, touched)
    .select({ message: fieldsOf(inserted, getTableColumns(messages)), ...ticketSelection(ticket) })
    .from(inserted)
    .innerJoin(touched, eq(touched.id, inserted.ticketId))
    .$dynamic();
  return joinTicketParts(query, ticket).prepare(name);
}

/**
 * Stores a message, moves its ticket (last message, unread count, time) and reads the ticket as
 * the API shows it, all in one statement: the message and the ticket never disagree, and the
 * inbound path pays one round trip for all three. The ticket is a known one (`ticketId`, inside
 * the slow path's transaction) or the contact's active ticket on the connection (`number`: the
 * common case, looked up by the same statement). Returns undefined, leaving everything alone,
 * when the connection already stored that external id (a redelivery) or, for `number`, when
 * there is no active ticket (or the contact has a new profile picture). `ticketRow` is the
 * ticket's row as updated.
 */
export async function appendMessage(
  db: Db,
  message: NewInbound,
  target: { ticketId: number } | { number: string; profilePicUrl: string | null },
  ticket: { lastMessage: string; unread: boolean; now: Date },
): Promise<{ message: MessageRow; ticket: Ticket; ticketRow: TicketRow } | undefined> {
  const query =
    "ticketId" in target
      ? prepared(db, "append_message", (db, name) => prepareAppend(db, name, "ticket"))
      : prepared(db, "append_to_active", (db, name) => prepareAppend(db, name, "active"));
  const [row] = await query.execute({
    ...message,
    ...target,
    createdAt: message.createdAt.toISOString(),
    ack: message.fromMe ? 1 : 0,
    lastMessage: ticket.lastMessage,
    unread: ticket.unread ? 1 : 0,
    now: ticket.now,
  });
  if (!row) return undefined;
  const { message: stored, ...joined } = row;
  return { message: stored, ticket: presentJoinedTicket(joined as JoinedTicket), ticketRow: joined.ticket };
}
