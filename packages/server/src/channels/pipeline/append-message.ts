import type { Ticket } from "@atendo/contracts";
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { prepared } from "../../db/prepared.js";
import { connections, contacts, messages, queues, tickets, users } from "../../db/schema/index.js";
import type { MessageRow } from "../../modules/messages/message.presenter.js";
import { presentJoinedTicket, ticketSelection, type JoinedTicket } from "../../modules/tickets/ticket.presenter.js";

/** An inbound message to store; the quoted message is named by its external id. */
export interface NewInbound {
  ticketId: number;
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
 * The fields of a CTE that returns whole rows of a table, keyed like the table's columns (drizzle
 * selects a CTE's fields one by one, not as a nested object), typed as those columns.
 */
function fieldsOf<Columns>(cte: object, columns: Columns & object): Columns {
  return Object.fromEntries(Object.keys(columns).map((key) => [key, (cte as Record<string, unknown>)[key]])) as Columns;
}

function prepareAppend(db: Db, name: string) {
  const p = sql.placeholder;
  const inserted = db.$with("inserted").as(
    db
      .insert(messages)
      .values({
        ticketId: p("ticketId"),
        connectionId: p("connectionId"),
        externalId: p("externalId"),
        body: p("body"),
        fromMe: p("fromMe"),
        read: p("fromMe"),
        ack: p("ack"),
        mediaType: p("mediaType"),
        mediaName: p("mediaName"),
        mimeType: p("mimeType"),
        fileName: p("fileName"),
        quotedMsgId: sql`(select ${messages.id} from ${messages} where ${messages.connectionId} = ${p("connectionId")} and ${messages.externalId} = ${p("quotedExternalId")})`,
        senderName: p("senderName"),
        senderNumber: p("senderNumber"),
        createdAt: p("createdAt"),
      })
      .onConflictDoNothing({ target: [messages.connectionId, messages.externalId] })
      .returning(),
  );
  const touched = db.$with("touched").as(
    db
      .update(tickets)
      .set({ lastMessage: sql`${p("lastMessage")}`, unreadMessages: sql`${tickets.unreadMessages} + ${p("unread")}`, updatedAt: sql`${p("now")}` })
      .where(and(eq(tickets.id, p("ticketId")), sql`exists (select 1 from ${inserted})`))
      .returning(),
  );
  const ticket = fieldsOf(touched, getTableColumns(tickets));
  return db
    .with(inserted, touched)
    .select({ message: fieldsOf(inserted, getTableColumns(messages)), ...ticketSelection(ticket) })
    .from(inserted)
    .innerJoin(touched, eq(touched.id, inserted.ticketId))
    .innerJoin(contacts, eq(contacts.id, ticket.contactId))
    .innerJoin(connections, eq(connections.id, ticket.connectionId))
    .leftJoin(queues, eq(queues.id, ticket.queueId))
    .leftJoin(users, eq(users.id, ticket.userId))
    .prepare(name);
}

/**
 * Stores a message, moves its ticket (last message, unread count, time) and reads the ticket as
 * the API shows it, all in one statement: the message and the ticket never disagree, and the
 * inbound path pays one round trip for all three. The insert does nothing for an external id
 * the connection already stored, and then the ticket is left alone: returns undefined.
 */
export async function appendMessage(
  db: Db,
  message: NewInbound,
  ticket: { lastMessage: string; unread: boolean; now: Date },
): Promise<{ message: MessageRow; ticket: Ticket } | undefined> {
  const query = prepared(db, "append_message", prepareAppend);
  const [row] = await query.execute({ ...message, ack: message.fromMe ? 1 : 0, lastMessage: ticket.lastMessage, unread: ticket.unread ? 1 : 0, now: ticket.now });
  if (!row) return undefined;
  const { message: stored, ...joined } = row;
  return { message: stored, ticket: presentJoinedTicket(joined as JoinedTicket) };
}
