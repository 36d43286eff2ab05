import { z } from "zod";
import { dayOrTimestamp, listPage, pageNumber, positiveId, queryFlag, queryIdList } from "./common.js";
import { limits } from "./limits.js";
import { activeTicketStatuses, ticket, ticketStatuses } from "./tickets.js";

/**
 * GET /tickets: one tab of the ticket list, newest activity first, `limits.ticketPageSize` a page.
 * - `status` picks the tab; absent lists every status (the search view).
 * - `searchParam` (from 3 characters in the web) matches contact name, number and message text.
 * - `showAll` (admins only; ignored for others) lifts the visibility rule; otherwise a user sees
 *   tickets assigned to them, tickets they participate in, and pending tickets of their queues
 *   or with no queue (docs/decisions/0018).
 * - `queueIds` narrows to those queues (never widens what a user may see).
 * - `tagIds` keeps the tickets carrying any of those labels (docs/decisions/0072).
 * - `date` (yyyy-mm-dd, or an ISO timestamp: its day on the install's clock) keeps tickets updated that day; `withUnreadMessages` those with unread.
 * `count` is the number of matching tickets over all pages (the tab's badge). A search matching a
 * large share of the tickets stops counting at `limits.ticketSearchCountCap`: `countCapped` is then
 * true and there are more than `count` matches (the web shows "more than 300"); absent means false.
 * Any tab, searched or not, stops counting at `limits.ticketListCountCap` the same way.
 */
/** How a ticket list is ordered (GET /tickets `sort`). */
export const ticketListSorts = ["activity", "slaDue"] as const;
export type TicketListSort = (typeof ticketListSorts)[number];

export const listTicketsQuery = z.object({
  searchParam: z.string().trim().max(limits.searchMaxChars).default(""),
  pageNumber,
  status: z.enum(ticketStatuses).optional(),
  date: dayOrTimestamp.optional(),
  showAll: queryFlag,
  queueIds: queryIdList,
  tagIds: queryIdList,
  /** Only tickets carrying no label at all: the board's "No label" column (docs/decisions/0075). */
  withoutTags: queryFlag,
  withUnreadMessages: queryFlag,
  /**
   * `activity` (default): newest activity first. `slaDue` (issue 30): the waiting or open tab by
   * the next SLA due time, soonest (or most overdue) first, then the tickets with no target running
   * by activity; other tabs and searches keep the activity order.
   */
  sort: z.enum(ticketListSorts).default("activity"),
});
export type ListTicketsQuery = z.input<typeof listTicketsQuery>;
export const ticketPage = listPage("tickets", ticket).extend({
  count: z.number(),
  /** True when the count stopped at `limits.ticketSearchCountCap` or `ticketListCountCap` (more matches exist). */
  countCapped: z.boolean().optional(),
});
export type TicketPage = z.infer<typeof ticketPage>;

/**
 * What a user without permission learns of a ticket: enough for the owner-info modal (attendant,
 * number, status, queue), nothing of the conversation or the contact.
 */
export const ticketSummary = ticket.pick({ id: true, status: true, userId: true, user: true, queueId: true, queue: true });
export type TicketSummary = z.infer<typeof ticketSummary>;

/** GET /tickets/{id}: the ticket, or only its summary when the user may not see it. */
export const showTicketResponse = z.discriminatedUnion("hasPermission", [
  z.object({ hasPermission: z.literal(true), ticket }),
  z.object({ hasPermission: z.literal(false), ticket: ticketSummary }),
]);
export type ShowTicketResponse = z.infer<typeof showTicketResponse>;

/**
 * Answer of POST /tickets and PUT /tickets/{id}. `ticketIsOpen: true` means the contact already
 * has an active ticket on that connection held by someone else: `ticket` is that ticket's summary
 * and the web shows it with its owner instead of opening anything.
 */
export const ticketResult = z.discriminatedUnion("ticketIsOpen", [
  z.object({ ticketIsOpen: z.literal(false), ticket }),
  z.object({ ticketIsOpen: z.literal(true), ticket: ticketSummary }),
]);
export type TicketResult = z.infer<typeof ticketResult>;

/**
 * GET /tickets/connections: the connections the caller may start a conversation on
 * (docs/decisions/0041): every one for admins; for others their own connection, the default one,
 * the connections that route to one of their queues or to them, and those of the tickets they hold
 * open. The new-ticket dialog lists exactly these; POST /tickets refuses any other.
 */
export const startConnection = z.object({ id: z.number(), name: z.string(), label: z.string().nullable(), isDefault: z.boolean() });
export type StartConnection = z.infer<typeof startConnection>;
export const startConnections = z.object({ connections: z.array(startConnection) });
export type StartConnections = z.infer<typeof startConnections>;

/**
 * POST /tickets: start a conversation with a contact. `whatsappId` absent: the user's own
 * connection, else the default one (404 `ERR_NO_DEF_WAPP_FOUND`). A connection the caller may not
 * use (see GET /tickets/connections) is refused: 403 `ERR_CONNECTION_NOT_ALLOWED`. The new ticket is open for the
 * caller (`status` "open", the spec's default) or pending in `queueId`. When the contact already
 * has an active ticket on that connection: the caller's own (or a pending one they may take) is
 * returned opened for them; someone else's gives `ticketIsOpen: true`.
 */
const invitedUserRefusal =
  "a ticket is a conversation with a contact, so none is started for a colleague: invite them into a ticket (POST /tickets/{id}/participant) or write to them in an internal chat (POST /chats).";

export const createTicketBody = z.object({
  contactId: z.number().int().positive(),
  queueId: z.number().int().positive().nullable().optional(),
  whatsappId: z.number().int().positive().nullable().optional(),
  status: z.enum(activeTicketStatuses).default("open"),
  /** Ignored: the ticket is the caller's (kept because the spec's client sends it). */
  userId: z.number().int().nullable().optional(),
  /**
   * The spec's second form, `{userId, status, invitedUserId, whatsappId}`, is not offered
   * (decision 0067): a ticket is a conversation with a contact. Refused with what to use instead.
   */
  invitedUserId: z.never({ error: invitedUserRefusal }).optional(),
});
export type CreateTicketBody = z.input<typeof createTicketBody>;

/** Transition names of PUT /tickets/{id} (spec §4); the server checks each against its rules. */
export const ticketUpdateActions = ["assigned", "pending", "closed", "transferOwner", "updateQueue", "transferConnection"] as const;
export type TicketUpdateAction = (typeof ticketUpdateActions)[number];

/**
 * PUT /tickets/{id}. Accept or reopen: `{status: "open", userId: me, action: "assigned"}`.
 * Return: `{status: "pending", userId: null, action: "pending"}`. Resolve: `{status: "closed",
 * action: "closed", sendFarewellMessage}`. Transfer to a user: `{userId, queueId?, action:
 * "transferOwner"}` (open for that user). Transfer to a queue only: `{queueId, userId: null,
 * status: "pending", action: "updateQueue"}`. Another connection (admins): `{whatsappId, action:
 * "transferConnection"}`, alone or with any one of the others in the same write (`{whatsappId,
 * userId, action: "transferOwner"}`). Only the owner or an admin may return, resolve, reopen or
 * transfer; accepting needs the ticket to be pending and visible to the caller. One body is one
 * transition, applied whole: a `status`, `userId` or `queueId` it would not leave (closing "for"
 * another user, a farewell without closing…) is refused with 400 ERR_MISSING_VALUES, nothing done.
 */
export const updateTicketBody = z.object({
  status: z.enum(ticketStatuses).optional(),
  userId: z.number().int().positive().nullable().optional(),
  queueId: z.number().int().positive().nullable().optional(),
  whatsappId: z.number().int().positive().optional(),
  action: z.enum(ticketUpdateActions).optional(),
  sendFarewellMessage: z.boolean().optional(),
});
export type UpdateTicketBody = z.input<typeof updateTicketBody>;

/**
 * GET /tickets/history {ticketId, contactId}: the contact's other tickets, newest first. Admins and
 * users with `canSeeAllTicketHistory` get all of them; others only those they owned or took part in.
 */
export const ticketHistoryQuery = z.object({
  ticketId: positiveId,
  contactId: positiveId,
});
export const ticketHistory = z.object({ tickets: z.array(ticket) });
export type TicketHistory = z.infer<typeof ticketHistory>;

/** POST /tickets/{id}/participant: only the owner of the open ticket (or an admin); at least one. */
export const addParticipantsBody = z.object({
  participantIds: z.array(z.number().int().positive()).min(1).max(limits.idListMax),
});
export type AddParticipantsBody = z.input<typeof addParticipantsBody>;
export const participantParams = z.object({ id: positiveId, userId: positiveId });

/** Answer of the participant calls: the ticket as it is now. */
export const ticketResponse = z.object({ ticket });
export type TicketResponse = z.infer<typeof ticketResponse>;
