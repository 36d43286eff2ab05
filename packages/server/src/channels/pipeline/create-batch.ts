import type { Ticket } from "@atendo/contracts";
import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { fieldsOf } from "../../db/cte.js";
import { prepared } from "../../db/prepared.js";
import { contacts, messages, tickets } from "../../db/schema/index.js";
import type { MessageRow } from "../../modules/messages/message.presenter.js";
import type { Placement } from "../../modules/routing/walk.js";
import { joinLinkedParts, linkedSelection, presentJoinedTicket, type JoinedTicket } from "../../modules/tickets/ticket.presenter.js";
import * as lifecycle from "../../modules/tickets/ticket-lifecycle.js";
import type { TicketRow } from "../../modules/tickets/tickets.repo.js";
import { insertBatchMessages, messageArrays, type NewInbound } from "./append-message.js";
import type { ContactRow } from "../../modules/contacts/contact-upsert.js";

/** A customer's first message, if its number is new: the contact to create and where its ticket goes. */
export interface BatchedFirstMessage {
  message: NewInbound;
  /** Digits only; one entry per number in a batch. */
  number: string;
  /** The contact's name (modules/contacts/contact-upsert.ts's contactName). */
  name: string;
  isGroup: boolean;
  profilePicUrl: string | null;
  /** Routed by the caller (routeNewTicket), with the texts routing says first. */
  placement: Placement;
  texts: readonly string[];
  lastMessage: string;
  now: Date;
}

export interface BatchCreated {
  contact: ContactRow;
  ticketRow: TicketRow;
  ticket: Ticket;
  message: MessageRow;
  /** Routing's texts, stored due for dispatch as writeAutomatic stores them. */
  automatic: MessageRow[];
}

const p = sql.placeholder;

/** The batch's rows; `ord` is the position in the batch. */
const input = sql`(select * from unnest(
  ${p("numbers")}::text[], ${p("names")}::text[], ${p("isGroup")}::boolean[], ${p("profilePicUrls")}::text[],
  ${p("connectionIds")}::integer[], ${p("statuses")}::text[], ${p("queueIds")}::integer[], ${p("userIds")}::integer[],
  ${p("uraIds")}::integer[], ${p("monitoringIds")}::integer[], ${p("outOfHours")}::boolean[], ${p("closedAts")}::timestamptz[], ${p("lastMessages")}::text[], ${p("nows")}::timestamptz[],
  ${p("externalIds")}::text[], ${p("bodies")}::text[], ${p("fromMe")}::boolean[], ${p("mediaTypes")}::text[], ${p("mediaNames")}::text[],
  ${p("mimeTypes")}::text[], ${p("fileNames")}::text[], ${p("quotedExternalIds")}::text[], ${p("senderNames")}::text[],
  ${p("senderNumbers")}::text[], ${p("createdAt")}::timestamptz[]
) with ordinality as batch(number, name, is_group, profile_pic_url, connection_id, status, queue_id, user_id, ura_id,
  monitoring_id, out_of_hours, closed_at, last_message, now, external_id, body, from_me, media_type, media_name, mime_type, file_name,
  quoted_external_id, sender_name, sender_number, created_at, ord))`;

function prepareCreateBatch(db: Db, name: string) {
  // Only numbers nobody has yet get a row: a known contact is the caller's (it may have an
  // active ticket, or a closed one to reopen). Inserted by number, so two batches that share
  // numbers take their locks in the same order and never deadlock.
  const newContacts = db.$with("new_contacts", getTableColumns(contacts)).as(
    sql`insert into ${contacts} (name, number, is_group, profile_pic_url)
    select b.name, b.number, b.is_group, b.profile_pic_url from ${input} b order by b.number
    on conflict (number) do nothing
    returning *`,
  );
  // A new contact has no ticket, and nobody else sees it before the commit: no conflict here.
  // The ticket is born where the lifecycle opens it (ticket-lifecycle.ts's opened, computed by the
  // caller into the arrays), with what append-message.ts's update would give it.
  const newTickets = db.$with("new_tickets", getTableColumns(tickets)).as(
    sql`insert into ${tickets} (contact_id, connection_id, status, queue_id, user_id, ura_id, monitoring_id, out_of_hours,
      is_group, closed_at, last_message, unread_messages, first_response_at, created_at, updated_at)
    select c.id, b.connection_id, b.status, b.queue_id, b.user_id, b.ura_id, b.monitoring_id, b.out_of_hours,
      b.is_group, b.closed_at, b.last_message, case when b.from_me then 0 else 1 end,
      case when b.from_me then b.created_at end, b.now, b.now
    from new_contacts c join ${input} b on b.number = c.number
    order by b.ord
    returning *`,
  );
  // No ON CONFLICT: a message stored already under another number (an external id reused, or
  // a race with another instance) fails the whole statement, and the caller stores the batch
  // the careful way. Nothing is left half-made.
  const inserted = db.$with("inserted", getTableColumns(messages)).as(
    sql`${insertBatchMessages}
    from new_tickets t join new_contacts c on c.id = t.contact_id join ${input} b on b.number = c.number
    order by b.ord
    returning *`,
  );
  // Routing's texts, with writeAutomatic's values (outgoing.repo.ts's outgoingValues): from us,
  // read, nobody's, due now. Read through `inserted`, so each follows its customer's message.
  const automatic = db.$with("automatic", getTableColumns(messages)).as(
    sql`insert into ${messages} (ticket_id, connection_id, body, media_type, from_me, read, user_id, created_at, dispatch_at)
    select t.id, t.connection_id, a.body, 'chat-automatic', true, true, null, t.created_at, t.created_at
    from unnest(${p("textNumbers")}::text[], ${p("texts")}::text[]) with ordinality as a(number, body, n)
    join new_contacts c on c.number = a.number
    join new_tickets t on t.contact_id = c.id
    join inserted i on i.ticket_id = t.id
    order by a.n
    returning *`,
  );
  const stored = db.$with("stored", getTableColumns(messages)).as(sql`select * from inserted union all select * from automatic`);
  const message = fieldsOf(stored, getTableColumns(messages));
  const ticket = fieldsOf(newTickets, getTableColumns(tickets));
  const contact = fieldsOf(newContacts, getTableColumns(contacts));
  const query = db
    .with(newContacts, newTickets, inserted, automatic, stored)
    .select({ message, ticket, contact, ...linkedSelection })
    .from(stored)
    .innerJoin(newTickets, eq(ticket.id, message.ticketId))
    .innerJoin(newContacts, eq(contact.id, ticket.contactId))
    .$dynamic();
  return joinLinkedParts(query, ticket).orderBy(message.id).prepare(name);
}

/**
 * The first messages of new customers in ONE statement (one commit, group commit's slow path,
 * docs/decisions/0051): each number nobody has yet gets its contact, its ticket where routing
 * placed it, the message and routing's texts, and comes back with its ticket as the API shows
 * it (a new contact has no extra fields, a new ticket no participants). Returns one entry per
 * input, in order: undefined for a number that has a contact already, which the caller stores
 * through the slow path. All or nothing: if the statement fails, nothing was stored.
 */
export async function createBatch(db: Db, batch: readonly BatchedFirstMessage[]): Promise<(BatchCreated | undefined)[]> {
  const query = prepared(db, "create_batch", prepareCreateBatch);
  const column = <T>(pick: (row: BatchedFirstMessage) => T) => batch.map(pick);
  const texts = batch.flatMap((row) => row.texts.map((text) => ({ number: row.number, text })));
  const rows = await query.execute({
    numbers: column((row) => row.number),
    names: column((row) => row.name),
    isGroup: column((row) => row.isGroup),
    profilePicUrls: column((row) => row.profilePicUrl),
    statuses: column((row) => row.placement.status),
    queueIds: column((row) => row.placement.queueId),
    userIds: column((row) => row.placement.userId),
    uraIds: column((row) => row.placement.uraId),
    monitoringIds: column((row) => row.placement.monitoringId),
    outOfHours: column((row) => row.placement.outOfHours),
    closedAts: column((row) => lifecycle.opened(row.placement, row.now).closedAt?.toISOString() ?? null),
    lastMessages: column((row) => row.lastMessage),
    nows: column((row) => row.now.toISOString()),
    ...messageArrays(column((row) => row.message)),
    textNumbers: texts.map((entry) => entry.number),
    texts: texts.map((entry) => entry.text),
  });
  const byNumber = new Map<string, { row?: (typeof rows)[number]; automatic: MessageRow[] }>();
  for (const row of rows) {
    const entry = byNumber.get(row.contact.number) ?? { automatic: [] };
    byNumber.set(row.contact.number, entry);
    // Routing's texts have no external id; the customer's message always has one.
    if (row.message.externalId === null) entry.automatic.push(row.message);
    else entry.row = row;
  }
  return batch.map(({ number }) => {
    const entry = byNumber.get(number);
    if (!entry?.row) return undefined;
    const { message, ...joined } = entry.row;
    const ticket = presentJoinedTicket({ ...joined, extraInfo: [], participants: [] } as JoinedTicket);
    return { contact: joined.contact, ticketRow: joined.ticket, ticket, message, automatic: entry.automatic };
  });
}
