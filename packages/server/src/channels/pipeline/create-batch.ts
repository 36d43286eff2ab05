import type { Ticket } from "@atendo/contracts";
import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { fieldsOf } from "../../db/cte.js";
import { prepared } from "../../db/prepared.js";
import { contacts, messages, tickets } from "../../db/schema/index.js";
import type { MessageRow } from "../../modules/messages/message.presenter.js";
import { automaticValues } from "../../modules/routing/automatic-messages.js";
import { fallbackPlacement, type Placement } from "../../modules/routing/walk.js";
import { joinLinkedParts, linkedSelection, presentJoinedTicket, type JoinedTicket } from "../../modules/tickets/ticket.presenter.js";
import * as lifecycle from "../../modules/tickets/ticket-lifecycle.js";
import type { TicketRow } from "../../modules/tickets/tickets.repo.js";
import { insertBatchMessages, messageArrays, messageChanges, newTicketByMessages, ticketColumnsOfMessages, type NewInbound } from "./inbound-rows.js";
import { unnestColumns } from "./unnest-columns.js";
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
  /** Routing's texts, stored due for dispatch as writeAutomatic stores them (automaticValues). */
  automatic: MessageRow[];
}

const p = sql.placeholder;

/**
 * A new ticket's columns as the lifecycle opens it (ticket-lifecycle.ts's opened), less those its
 * first message then sets (inbound-rows.ts): the same row findOrCreateActiveTicket inserts.
 */
function openedValues(row: { message: { connectionId: number }; isGroup: boolean; placement: Placement; now: Date }) {
  return { connectionId: row.message.connectionId, isGroup: row.isGroup, ...lifecycle.opened(row.placement, row.now) };
}

/**
 * Routing's texts with the outgoing writer's values (automaticValues, the same as writeAutomatic's);
 * their ticket is made by the statement, which gives them its id.
 */
function automaticRows(row: { message: { connectionId: number }; texts: readonly string[]; now: Date }) {
  return automaticValues({ id: 0, connectionId: row.message.connectionId }, row.texts, row.now);
}

const sampleFirst = { message: { connectionId: 0 }, isGroup: false, placement: fallbackPlacement, texts: [""], now: new Date(0) };
/** Built from what the lifecycle and the outgoing writer give a sample row: the statement writes their columns. */
const opened = unnestColumns(tickets, openedValues(sampleFirst), "o", ticketColumnsOfMessages);
const automatic = unnestColumns(messages, automaticRows(sampleFirst)[0]!, "a", [messages.ticketId.name]);

/** The batch's rows; `ord` is the position in the batch. */
const input = sql`(select * from unnest(
  ${p("numbers")}::text[], ${p("names")}::text[], ${p("profilePicUrls")}::text[], ${opened.arrays},
  ${p("lastMessages")}::text[], ${p("nows")}::timestamptz[],
  ${p("connectionIds")}::integer[], ${p("externalIds")}::text[], ${p("bodies")}::text[], ${p("fromMe")}::boolean[], ${p("mediaTypes")}::text[], ${p("mediaNames")}::text[],
  ${p("mimeTypes")}::text[], ${p("fileNames")}::text[], ${p("failureReasons")}::text[], ${p("quotedExternalIds")}::text[], ${p("senderNames")}::text[],
  ${p("senderNumbers")}::text[], ${p("createdAt")}::timestamptz[]
) with ordinality as batch(number, name, profile_pic_url, ${opened.aliases}, last_message, now,
  connection_id, external_id, body, from_me, media_type, media_name, mime_type, file_name, failure_reason,
  quoted_external_id, sender_name, sender_number, created_at, ord))`;

function prepareCreateBatch(db: Db, name: string) {
  // Only numbers nobody has yet get a row: a known contact is the caller's (it may have an
  // active ticket, or a closed one to reopen). Inserted by number, so two batches that share
  // numbers take their locks in the same order and never deadlock.
  const newContacts = db.$with("new_contacts", getTableColumns(contacts)).as(
    sql`insert into ${contacts} (name, number, is_group, profile_pic_url)
    select b.name, b.number, b.o_is_group, b.profile_pic_url from ${input} b order by b.number
    on conflict (number) do nothing
    returning *`,
  );
  // A new contact has no ticket, and nobody else sees it before the commit: no conflict here.
  // The ticket is opened as the lifecycle opens it, then moved by its first message as
  // inbound-rows.ts says a message moves its ticket (the rule append-batch.ts's update follows;
  // this statement cannot update a row it inserts, so it inserts the result).
  const firstMessage = messageChanges(sql`(select b.number as key, b.ord as seq, b.from_me, b.created_at, b.last_message, b.now from ${input} b)`);
  const afterMessage = newTicketByMessages();
  const newTickets = db.$with("new_tickets", getTableColumns(tickets)).as(
    sql`insert into ${tickets} (contact_id, ${opened.names}, ${afterMessage.names})
    select c.id, ${opened.values("b")}, ${afterMessage.values}
    from new_contacts c join ${input} b on b.number = c.number join ${firstMessage} on changes.key = b.number
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
  // Routing's texts, each row as writeAutomatic writes it (automaticValues: the outgoing
  // writer's outgoingValues), only the ticket id from here. Read through `inserted`, so each
  // follows its customer's message.
  const automaticTexts = db.$with("automatic", getTableColumns(messages)).as(
    sql`insert into ${messages} (ticket_id, ${automatic.names})
    select t.id, ${automatic.values("a")}
    from unnest(${p("textNumbers")}::text[], ${automatic.arrays}) with ordinality as a(number, ${automatic.aliases}, n)
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
    .with(newContacts, newTickets, inserted, automaticTexts, stored)
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
 * it (a new contact has no extra fields or labels, a new ticket no participants or labels). Returns one entry per
 * input, in order: undefined for a number that has a contact already, which the caller stores
 * through the slow path. All or nothing: if the statement fails, nothing was stored.
 */
export async function createBatch(db: Db, batch: readonly BatchedFirstMessage[]): Promise<(BatchCreated | undefined)[]> {
  const query = prepared(db, "create_batch", prepareCreateBatch);
  const column = <T>(pick: (row: BatchedFirstMessage) => T) => batch.map(pick);
  const texts = batch.flatMap((row) => automaticRows(row).map((values) => ({ number: row.number, values })));
  const rows = await query.execute({
    numbers: column((row) => row.number),
    names: column((row) => row.name),
    profilePicUrls: column((row) => row.profilePicUrl),
    ...opened.params(batch.map(openedValues)),
    lastMessages: column((row) => row.lastMessage),
    nows: column((row) => row.now.toISOString()),
    ...messageArrays(column((row) => row.message)),
    textNumbers: texts.map((entry) => entry.number),
    ...automatic.params(texts.map((entry) => entry.values)),
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
    const ticket = presentJoinedTicket({ ...joined, extraInfo: [], participants: [], tags: [], contactTags: [] } as JoinedTicket);
    return { contact: joined.contact, ticketRow: joined.ticket, ticket, message, automatic: entry.automatic };
  });
}
