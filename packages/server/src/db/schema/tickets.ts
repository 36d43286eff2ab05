import { activeTicketStatuses, ticketStatuses } from "@atendo/contracts";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, linkId, ownerId, serialId, timestamps, timestamptz } from "./columns.js";
import { connections } from "./connections.js";
import { contacts } from "./contacts.js";
import { inValues } from "./in-values.js";
import { queues } from "./queues.js";
import { bots, monitorings, uras } from "./routing.js";
import { users } from "./users.js";
import { campaigns } from "./campaigns.js";

/** A conversation with one contact over one connection (spec §3). */
export const tickets = pgTable(
  "tickets",
  {
    id: serialId(),
    status: text("status", { enum: ticketStatuses }).notNull().default("pending"),
    /**
     * Null once the contact was deleted: its conversations stay as the history reports count,
     * emptied of what identified the customer, and leave every ticket screen (docs/decisions/0062).
     */
    contactId: linkId("contact_id", () => contacts.id),
    /**
     * Null once the connection was deleted: its conversations are history the reports count, so
     * they stay, closed, with the connection's name kept below (docs/decisions/0039).
     */
    connectionId: linkId("connection_id", () => connections.id),
    /** The deleted connection's name as it was shown (label, else name), written by the delete. */
    connectionName: text("connection_name"),
    userId: linkId("user_id", () => users.id),
    // A deleted queue leaves its tickets with no queue, which every attendant sees (0006).
    queueId: linkId("queue_id", () => queues.id),
    lastMessage: text("last_message").notNull().default(""),
    unreadMessages: integer("unread_messages").notNull().default(0),
    isGroup: boolean("is_group").notNull().default(false),
    /**
     * The menu waiting for the customer's answer (the automated stage, docs/decisions/0036) and
     * how many answers it did not recognise; kept here so a restart or another instance goes on.
     */
    uraId: linkId("ura_id", () => uras.id),
    uraMisses: smallint("ura_misses").notNull().default(0),
    /**
     * The bot talking with the customer (the bot stage, docs/decisions/0092), the Typebot session
     * it goes on, and until when a call to it is under way (one call at a time per ticket); kept
     * here so a restart or another instance goes on. Every person's move and every close clears them.
     */
    botId: linkId("bot_id", () => bots.id),
    botSession: text("bot_session"),
    botBusyUntil: timestamptz("bot_busy_until"),
    /** The monitoring that took this conversation, if one did. */
    monitoringId: linkId("monitoring_id", () => monitorings.id),
    /** Arrived out of opening hours: waits in its queue for the morning. */
    outOfHours: boolean("out_of_hours").notNull().default(false),
    /** When it was last closed: the reopen window counts from here (docs/decisions/0013). */
    closedAt: timestamptz("closed_at"),
    /**
     * When the team first answered (an attendant's message, not an automatic one): set once by the
     * message writers, so the reports' first-response time reads no messages (docs/decisions/0039).
     */
    firstResponseAt: timestamptz("first_response_at"),
    /** SLA due times from the queue's targets (issue 30); null when the queue sets none. */
    firstResponseDueAt: timestamptz("first_response_due_at"),
    resolutionDueAt: timestamptz("resolution_due_at"),
    /**
     * When automatic assignment gave it to its owner (docs/decisions/0079); cleared by any other
     * move that changes its owner, so it says how the present owner got it.
     */
    autoAssignedAt: timestamptz("auto_assigned_at"),
    /**
     * The satisfaction survey (issue 30, docs/decisions/0081): when it was sent (once per ticket),
     * what it waits for from the customer (`score`, then `comment` after a low one; null: nothing)
     * until `survey_expires_at`, and the answer.
     */
    surveySentAt: timestamptz("survey_sent_at"),
    surveyAwaiting: text("survey_awaiting", { enum: ["score", "comment"] }),
    surveyExpiresAt: timestamptz("survey_expires_at"),
    ratingScore: smallint("rating_score"),
    ratingComment: text("rating_comment"),
    ratedAt: timestamptz("rated_at"),
    /**
     * When the miss of each target was announced (slaBreached, issue 30): claimed by one UPDATE …
     * RETURNING of the breach job, so one instance announces it; cleared when the clocks restart.
     */
    firstResponseBreachedAt: timestamptz("first_response_breached_at"),
    resolutionBreachedAt: timestamptz("resolution_breached_at"),
    /** The campaign whose message opened it (issue 31, docs/decisions/0085): the marker a reply's ticket carries. */
    campaignId: linkId("campaign_id", () => campaigns.id),
    ...timestamps(),
  },
  (t) => [
    // One active ticket per contact and connection: the inbound pipeline relies on it.
    uniqueIndex("tickets_active_contact_connection_key")
      .on(t.contactId, t.connectionId)
      .where(inValues(t.status, activeTicketStatuses)),
    check("tickets_status_check", inValues(t.status, ticketStatuses)),
    check("tickets_unread_check", sql`${t.unreadMessages} >= 0`),
    // A conversation with no connection (deleted) can only be history: nothing can reach its contact.
    check("tickets_active_connection_check", sql`${t.connectionId} is not null or ${t.status} = 'closed'`),
    // Nor with no contact (deleted): nobody is left to talk to.
    check("tickets_active_contact_check", sql`${t.contactId} is not null or ${t.status} = 'closed'`),
    // Ticket lists: by status, newest activity first, narrowed by queue or owner.
    index("tickets_status_updated_idx").on(t.status, t.updatedAt.desc(), t.id.desc()),
    index("tickets_queue_status_idx").on(t.queueId, t.status, t.updatedAt.desc()),
    index("tickets_user_status_idx").on(t.userId, t.status, t.updatedAt.desc()),
    // A user's closed tab (their own tickets of a kept contact), from the index alone (migration
    // 0037): through tickets_user_status_idx each page, count and label probe read a heap page per
    // ticket (1,357 pages for an attendant's 1,945 at 100k tickets). Partial: a closed ticket's
    // activity hardly moves, and the active tabs keep the index above (holding the id there let
    // PostgreSQL 18 skip-scan it for every open ticket instead of probing a user's participations).
    index("tickets_user_closed_idx")
      .on(t.userId, t.updatedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'closed' and ${t.contactId} is not null`),
    // Pending with no queue: every attendant's pending tab holds them (docs/decisions/0052). Without
    // it a tab read them by filtering every pending ticket, which grows with everyone's work.
    // Partial: only those tickets pay its write on each message. The unread count rides along
    // (it changes with updated_at, so no extra write) for the "unread only" tab.
    index("tickets_pending_no_queue_idx")
      .on(t.updatedAt.desc(), t.id.desc(), t.unreadMessages)
      .where(sql`${t.status} = 'pending' and ${t.queueId} is null and ${t.uraId} is null and ${t.botId} is null`),
    // The tickets waiting in a bot's stage: what deleting it moves on (docs/decisions/0092).
    index("tickets_bot_idx").on(t.botId).where(sql`${t.botId} is not null`),
    index("tickets_connection_idx").on(t.connectionId),
    index("tickets_contact_idx").on(t.contactId, t.updatedAt.desc()),
    // Reports: tickets created in a period, newest first (the filters narrow while reading it).
    index("tickets_created_idx").on(t.createdAt.desc(), t.id.desc()),
    // Reports: tickets resolved in a period. Partial: active tickets, which every message updates,
    // never enter it, so ingest does not pay for it.
    index("tickets_closed_idx").on(t.closedAt).where(sql`${t.status} = 'closed'`),
    // The inbound pipeline's one read for a contact without an active ticket: a survey awaiting
    // their answer. Partial: only tickets awaiting one (at most one per contact and connection) are in it.
    index("tickets_survey_awaiting_idx").on(t.contactId, t.connectionId).where(sql`${t.surveyAwaiting} is not null`),
    check("tickets_survey_awaiting_check", sql`${t.surveyAwaiting} is null or ${t.surveyAwaiting} in ('score', 'comment')`),
    check("tickets_rating_score_check", sql`${t.ratingScore} is null or ${t.ratingScore} between 1 and 5`),
    // SLA (docs/decisions/0080): active tickets with a running target by their next due time, for
    // the lists' sort=slaDue and the breach job. Partial: tickets without targets never pay for it.
    index("tickets_sla_due_idx")
      .on(t.status, slaNextDue(t), t.id)
      .where(sql`${t.status} in ('pending', 'open') and ${slaNextDue(t)} is not null`),
  ],
);

/**
 * A ticket's next SLA due time: the first-response due time while unanswered, or the resolution
 * due time, whichever comes first (null: no target running). Spelled once, for the index above
 * and the queries it serves (the planner matches them by this exact expression).
 */
export function slaNextDue(t: { firstResponseAt: SQLWrapper; firstResponseDueAt: SQLWrapper; resolutionDueAt: SQLWrapper }): SQL {
  return sql`least(case when ${t.firstResponseAt} is null then ${t.firstResponseDueAt} end, ${t.resolutionDueAt})`;
}

/** Users added to a ticket besides its owner (spec §3 `userTicket`). */
export const ticketParticipants = pgTable(
  "ticket_participants",
  {
    ticketId: ownerId("ticket_id", () => tickets.id),
    userId: ownerId("user_id", () => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.userId] }), index("ticket_participants_user_idx").on(t.userId)],
);
