import type { ExtraInfo, Ticket, TicketParticipant, TicketSla, TicketSummary } from "@atendo/contracts";
import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { prepared } from "../../db/prepared.js";
import { bots, connections, contacts, queues, tickets, uras, users } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import { contactTagsJson, ticketTagsJson } from "../tags/tag-links.repo.js";
import { presentContactRow } from "../contacts/contact.presenter.js";
import { ticketSlaOutcomes } from "./sla-outcome.js";

// Extra info and participants come as JSON subqueries: presenting a ticket is one round trip,
// which the inbound pipeline pays once per message (or shares with its write, append-batch.ts).
const extraInfoJson = sql<ExtraInfo[]>`coalesce((
  select json_agg(json_build_object('id', f.id, 'name', f.name, 'value', f.value) order by f.id)
  from contact_custom_fields f where f.contact_id = ${contacts.id}), '[]'::json)`;

function participantsJson(ticketId: SQLWrapper) {
  return sql<TicketParticipant[]>`coalesce((
  select json_agg(json_build_object('userId', p.user_id, 'ticketId', p.ticket_id,
    'user', json_build_object('id', u.id, 'name', u.name)) order by p.created_at, p.user_id)
  from ticket_participants p join users u on u.id = p.user_id where p.ticket_id = ${ticketId}), '[]'::json)`;
}

/** The columns of a ticket: the table's own, or the same fields of a query that returns tickets. */
type TicketFields = { [K in keyof typeof tickets._.columns]: SQLWrapper };

/** What presenting a ticket selects, over `ticket` (the table, or an UPDATE … RETURNING). */
export function ticketSelection(ticket: TicketFields) {
  return {
    ticket: ticket as unknown as typeof tickets._.columns,
    contact: contacts,
    extraInfo: extraInfoJson,
    participants: participantsJson(ticket.id),
    tags: ticketTagsJson(ticket.id),
    contactTags: contactTagsJson(contacts.id),
    ...linkedSelection,
  };
}

/** What a ticket links to and the API shows by name: joined by joinLinkedParts. */
export const linkedSelection = {
  queue: { id: queues.id, name: queues.name, color: queues.color },
  /**
   * The SLA targets of its queue: what the at-risk moment is read from (issue 30). With the
   * queue's id first: drizzle makes a left-joined object null when its first field is, which
   * hid a queue's resolution target when it set no first-response one.
   */
  queueSla: { queueId: queues.id, firstResponseMinutes: queues.slaFirstResponseMinutes, resolutionMinutes: queues.slaResolutionMinutes },
  user: { id: users.id, name: users.name },
  ura: { id: uras.id, name: uras.name },
  bot: { id: bots.id, name: bots.name },
  connection: { id: connections.id, name: connections.name, label: connections.label, kind: connections.kind },
};

/** Joins linkedSelection's tables onto a query over `ticket`: its connection (none once deleted), queue, owner, menu and bot when it has them. */
export function joinLinkedParts<Query extends PgSelect>(query: Query, ticket: TicketFields) {
  return query
    .leftJoin(connections, eq(connections.id, ticket.connectionId))
    .leftJoin(queues, eq(queues.id, ticket.queueId))
    .leftJoin(users, eq(users.id, ticket.userId))
    .leftJoin(uras, eq(uras.id, ticket.uraId))
    .leftJoin(bots, eq(bots.id, ticket.botId));
}

/**
 * Joins what ticketSelection reads onto a query over `ticket`: its contact, and its connection
 * (none once deleted), queue and owner when it has them. Takes a dynamic query (`.$dynamic()`), so the plain read below
 * and the statements that write a ticket and present it at once (append-batch.ts, outgoing.repo.ts)
 * share these joins.
 */
export function joinTicketParts<Query extends PgSelect>(query: Query, ticket: TicketFields) {
  return joinLinkedParts(query.innerJoin(contacts, eq(contacts.id, ticket.contactId)), ticket);
}

function selectTickets(db: Db) {
  return joinTicketParts(db.select(ticketSelection(tickets)).from(tickets).$dynamic(), tickets);
}

/** A row selected with ticketSelection. */
export type JoinedTicket = Awaited<ReturnType<typeof selectTickets>>[number];

/** A ticket's SLA as the API shows it (sla-outcome.ts says when a target was missed). */
function presentSla(ticket: JoinedTicket["ticket"], targets: JoinedTicket["queueSla"]): TicketSla {
  const outcome = ticketSlaOutcomes(ticket, new Date());
  return {
    firstResponseDueAt: ticket.firstResponseDueAt?.toISOString() ?? null,
    resolutionDueAt: ticket.resolutionDueAt?.toISOString() ?? null,
    firstResponseBreached: outcome.firstResponse === "breached",
    resolutionBreached: outcome.resolution === "breached",
    firstResponseMinutes: targets?.firstResponseMinutes ?? null,
    resolutionMinutes: targets?.resolutionMinutes ?? null,
    firstResponseAt: ticket.firstResponseAt?.toISOString() ?? null,
  };
}

export function presentJoinedTicket(row: JoinedTicket): Ticket {
  const { ticket, contact } = row;
  return {
    id: ticket.id,
    status: ticket.status,
    userId: ticket.userId,
    user: row.user,
    queueId: ticket.queueId,
    queue: row.queue,
    contactId: contact.id,
    contact: presentContactRow(contact, row.extraInfo, row.contactTags),
    whatsappId: ticket.connectionId,
    whatsapp: row.connection ?? { id: null, name: ticket.connectionName ?? "", label: null, kind: null },
    lastMessage: ticket.lastMessage,
    unreadMessages: ticket.unreadMessages,
    isGroup: ticket.isGroup,
    userTicket: row.participants,
    ura: row.ura,
    bot: row.bot,
    outOfHours: ticket.outOfHours,
    autoAssignedAt: ticket.autoAssignedAt?.toISOString() ?? null,
    tags: row.tags,
    rating: ticket.ratingScore === null || ticket.ratedAt === null ? null : { score: ticket.ratingScore, comment: ticket.ratingComment, ratedAt: ticket.ratedAt.toISOString() },
    sla: presentSla(ticket, row.queueSla),
    campaignId: ticket.campaignId,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  };
}

/** A timestamp as Date#toISOString writes it (milliseconds, truncated as a Date read from PostgreSQL is). */
function isoJson(column: SQLWrapper) {
  return sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A left-joined row as a JSON object, null when the ticket links to none (`id` is the row's key). */
function linkedJson(id: SQLWrapper, fields: SQL) {
  return sql`case when ${id} is null then null else json_build_object(${fields}) end`;
}

/**
 * presentJoinedTicket built by PostgreSQL, but for the SLA's `…Breached` flags (false here): they
 * depend on the clock of the moment, read in Node as presentSla does (withSlaOutcomes).
 */
const ticketJson = sql<Ticket>`json_build_object(
  'id', ${tickets.id}, 'status', ${tickets.status}, 'userId', ${tickets.userId},
  'user', ${linkedJson(users.id, sql`'id', ${users.id}, 'name', ${users.name}`)},
  'queueId', ${tickets.queueId},
  'queue', ${linkedJson(queues.id, sql`'id', ${queues.id}, 'name', ${queues.name}, 'color', ${queues.color}`)},
  'contactId', ${contacts.id},
  'contact', json_build_object('id', ${contacts.id}, 'name', ${contacts.name}, 'number', ${contacts.number}, 'email', ${contacts.email},
    'profilePicUrl', ${contacts.profilePicUrl}, 'isGroup', ${contacts.isGroup}, 'extraInfo', ${extraInfoJson}, 'tags', ${contactTagsJson(contacts.id)},
    'optedOut', ${contacts.optedOutAt} is not null, 'optedOutAt', ${isoJson(contacts.optedOutAt)},
    'createdAt', ${isoJson(contacts.createdAt)}, 'updatedAt', ${isoJson(contacts.updatedAt)}),
  'whatsappId', ${tickets.connectionId},
  'whatsapp', case when ${connections.id} is null
    then json_build_object('id', null, 'name', coalesce(${tickets.connectionName}, ''), 'label', null, 'kind', null)
    else json_build_object('id', ${connections.id}, 'name', ${connections.name}, 'label', ${connections.label}, 'kind', ${connections.kind}) end,
  'lastMessage', ${tickets.lastMessage}, 'unreadMessages', ${tickets.unreadMessages}, 'isGroup', ${tickets.isGroup},
  'userTicket', ${participantsJson(tickets.id)},
  'ura', ${linkedJson(uras.id, sql`'id', ${uras.id}, 'name', ${uras.name}`)},
  'bot', ${linkedJson(bots.id, sql`'id', ${bots.id}, 'name', ${bots.name}`)},
  'outOfHours', ${tickets.outOfHours}, 'autoAssignedAt', ${isoJson(tickets.autoAssignedAt)},
  'tags', ${ticketTagsJson(tickets.id)},
  'rating', case when ${tickets.ratingScore} is null or ${tickets.ratedAt} is null then null
    else json_build_object('score', ${tickets.ratingScore}, 'comment', ${tickets.ratingComment}, 'ratedAt', ${isoJson(tickets.ratedAt)}) end,
  'sla', json_build_object('firstResponseDueAt', ${isoJson(tickets.firstResponseDueAt)}, 'resolutionDueAt', ${isoJson(tickets.resolutionDueAt)},
    'firstResponseBreached', false, 'resolutionBreached', false,
    'firstResponseMinutes', ${queues.slaFirstResponseMinutes}, 'resolutionMinutes', ${queues.slaResolutionMinutes},
    'firstResponseAt', ${isoJson(tickets.firstResponseAt)}),
  'campaignId', ${tickets.campaignId},
  'createdAt', ${isoJson(tickets.createdAt)}, 'updatedAt', ${isoJson(tickets.updatedAt)})`;

const orNull = (iso: string | null) => (iso === null ? null : new Date(iso));

/** A ticket of ticketJson with its SLA's `…Breached` flags as presentSla sets them. */
function withSlaOutcomes(ticket: Ticket, closedAt: string | null, now: Date): Ticket {
  const { sla } = ticket;
  if (sla.firstResponseDueAt === null && sla.resolutionDueAt === null) return ticket;
  const outcome = ticketSlaOutcomes(
    { status: ticket.status, closedAt: orNull(closedAt), firstResponseAt: orNull(sla.firstResponseAt), firstResponseDueAt: orNull(sla.firstResponseDueAt), resolutionDueAt: orNull(sla.resolutionDueAt) },
    now,
  );
  sla.firstResponseBreached = outcome.firstResponse === "breached";
  sla.resolutionBreached = outcome.resolution === "breached";
  return ticket;
}

/**
 * Tickets by id, in one query (ids not found are left out). Prepared, with the ids as one array:
 * every list page runs it, and planning its joins and subqueries afresh cost about as much as
 * running it (~2 ms). Each ticket comes as the JSON the API shows (ticketJson): mapping each
 * row's ~60 columns in Node cost more than PostgreSQL building it (issue 35).
 */
export async function presentTicketsById(db: Db, ids: readonly number[]): Promise<Map<number, Ticket>> {
  if (ids.length === 0) return new Map();
  const query = prepared(db, "present_tickets_json", (handle, name) =>
    joinTicketParts(handle.select({ ticket: ticketJson, closedAt: isoJson(tickets.closedAt) }).from(tickets).$dynamic(), tickets)
      .where(sql`${tickets.id} = any(${sql.placeholder("ids")}::integer[])`)
      .prepare(name),
  );
  const rows = await query.execute({ ids: [...ids] });
  const now = new Date();
  return new Map(rows.map((row) => [row.ticket.id, withSlaOutcomes(row.ticket, row.closedAt, now)]));
}

/** One ticket: runs for every message, so prepared. */
export async function presentTicket(db: Db, id: number): Promise<Ticket> {
  const query = prepared(db, "present_ticket", (handle, name) =>
    selectTickets(handle)
      .where(eq(tickets.id, sql.placeholder("id")))
      .prepare(name),
  );
  const [row] = await query.execute({ id });
  if (!row) throw new AppError("ERR_NO_TICKET_FOUND");
  return presentJoinedTicket(row);
}

/** What a user without permission may learn of a ticket (the owner-info modal). */
export function summarizeTicket(ticket: Ticket): TicketSummary {
  const { id, status, userId, user, queueId, queue } = ticket;
  return { id, status, userId, user, queueId, queue };
}
