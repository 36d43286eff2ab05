import { z } from "zod";
import { namedRef, positiveId, timestamps, userRef } from "./common.js";
import { connectionKinds } from "./connections.js";
import { contact } from "./contacts.js";
import { ticketStatuses } from "./ticket-statuses.js";
import { tag } from "./tags.js";
import { ticketRating } from "./survey.js";
import { ticketSla } from "./ticket-sla.js";
import { queueRef } from "./users.js";

export { activeTicketStatuses, ticketStatuses, type ActiveTicketStatus, type TicketStatus } from "./ticket-statuses.js";

/** A participant of a ticket (spec §3 `userTicket[]`). */
export const ticketParticipant = z.object({ userId: z.number(), ticketId: z.number(), user: userRef });
export type TicketParticipant = z.infer<typeof ticketParticipant>;

/**
 * A conversation with one contact over one connection (spec §3). `pending`: waiting, no
 * attendant; `open`: in attendance by `userId`; `closed`. At most one pending/open ticket exists
 * per (contact, connection), enforced by the database.
 */
export const ticket = z.object({
  id: z.number(),
  status: z.enum(ticketStatuses),
  userId: z.number().nullable(),
  user: userRef.nullable(),
  queueId: z.number().nullable(),
  queue: queueRef.nullable(),
  contactId: z.number(),
  contact,
  /** Null once its connection was deleted: the conversation is kept, closed (docs/decisions/0039). */
  whatsappId: z.number().nullable(),
  /**
   * Its connection; once deleted, `id` and `kind` are null and `name` is the one it was shown with
   * (label, else name) when it was deleted.
   */
  whatsapp: z.object({ id: z.number().nullable(), name: z.string(), label: z.string().nullable(), kind: z.enum(connectionKinds).nullable() }),
  lastMessage: z.string(),
  unreadMessages: z.number(),
  isGroup: z.boolean(),
  userTicket: z.array(ticketParticipant),
  /**
   * The menu (URA) waiting for the customer's answer: the ticket is in the automated stage, seen by
   * admins only (docs/decisions/0036). Null once it reaches a queue, a user or a monitoring.
   */
  ura: namedRef.nullable(),
  /**
   * The bot talking with the customer: the ticket waits in its stage, seen by admins only, as in a
   * menu (docs/decisions/0092). Null once a person, a queue or the bot's hand-off took it.
   */
  bot: namedRef.nullable(),
  /** Arrived out of its queue's or connection's opening hours: waits for the morning. */
  outOfHours: z.boolean(),
  /** When automatic assignment gave it to its present owner (docs/decisions/0079); null when a person did, or nobody has it. */
  autoAssignedAt: z.string().nullable(),
  /** Its labels, by name (docs/decisions/0072); changed by PUT /tickets/{id}/tags. */
  tags: z.array(tag),
  /** The customer's answer to the satisfaction survey (issue 30); null while none was given. */
  rating: ticketRating.nullable(),
  /** Its SLA due times and whether they were missed (issue 30, docs/decisions/0080). */
  sla: ticketSla,
  /** The campaign whose message this conversation answers (issue 31): the marker of a campaign reply; null otherwise. */
  campaignId: z.number().nullable(),
  ...timestamps,
});
export type Ticket = z.infer<typeof ticket>;

/** Actions of `ticket` events that carry the whole ticket (spec §4); clients upsert or drop it by tab. */
export const ticketUpsertActions = [
  "create",
  "update",
  "assigned",
  "monitoringExecuted",
  "updateQueue",
  "addParticipant",
  "removeParticipant",
  "transferOwner",
  "pending",
  "closed",
  "closedByMessageCode",
] as const;

export type TicketUpsertAction = (typeof ticketUpsertActions)[number];

/** Actions of `ticket` events that carry only its id: removed, or its unread count reset to 0. */
export const ticketIdActions = ["delete", "updateUnread"] as const;

/**
 * `ticket` socket event, sent only to who may see the ticket: admins, its owner and participants,
 * and for a pending ticket the members of its queue (everyone signed in when it has no queue,
 * docs/decisions/0012).
 */
export const ticketEvent = z.union([
  z.object({ action: z.enum(ticketUpsertActions), ticket }),
  z.object({ action: z.enum(ticketIdActions), ticketId: z.number() }),
]);
export type TicketEvent = z.infer<typeof ticketEvent>;

/** GET /tickets/count {whatsappId} (admins): tickets of a connection, for its delete confirmation. */
export const ticketsCountQuery = z.object({ whatsappId: positiveId });
export const ticketsCount = z.object({ count: z.number() });
export type TicketsCount = z.infer<typeof ticketsCount>;
