import type { TicketStatus } from "@atendo/contracts";
import type { tickets } from "../../db/schema/index.js";
import { slaDueTimes, type SlaClock } from "./sla-clock.js";

export type { SlaClock };

/**
 * The ticket lifecycle (spec §4): what each move writes to a ticket row, decided here once and
 * used by every path that moves a ticket — the API (ticket-transitions.ts, ticket-create), routing
 * (new conversations, menu answers, monitorings, the close code), the inbound pipeline (one
 * message or a batch), auto-close, the deletion of a connection and the public send API.
 *
 * Who moves it changes what goes with the move, never what the row says:
 *
 * | move       | a person (API)                        | the customer / routing             | the server                        |
 * |------------|---------------------------------------|------------------------------------|-----------------------------------|
 * | open       | POST /tickets: open (theirs) or pending | first message: where routing places it | public send: pending, no queue |
 * | close      | farewell only when asked              | close code: farewell always        | auto-close, connection deleted: no farewell |
 * | reopen     | open, theirs                          | within the window: pending, nobody's | —                               |
 * | event      | `ticket.closed` by `person`           | by `customer` (`closedByMessageCode`) | by `system`                     |
 *
 * A person's move also takes the ticket out of any menu and out of waiting for opening hours
 * (`personal`); a closed ticket is never in a menu nor waiting, whoever closed it. Automatic
 * assignment (modules/assignment, decision 0079) is an accept the server makes: the same row,
 * plus `autoAssignedAt`, which every other move of its owner clears (a close keeps it: history).
 *
 * SLA (issue 30, docs/decisions/0080): every move that places a ticket somewhere new — opened,
 * routed (a menu answer), transferred to another queue — starts its clocks from the queue's
 * targets (`SlaClock`, read with the queue by whoever checks it exists) and clears the record of
 * breaches announced: the due times are the stay in that queue's. Nothing else touches them: back
 * to waiting, accepted, transferred within the queue, closed or reopened, the clocks run on.
 */

export type TicketColumns = Partial<typeof tickets.$inferInsert>;

/** Where a new or routed ticket stands (routing's Placement). */
export interface Placement {
  status: TicketStatus;
  queueId: number | null;
  userId: number | null;
  /** The menu waiting for the customer's answer (the automated stage). */
  uraId: number | null;
  uraMisses: number;
  /** The bot talking with the customer (the bot stage, docs/decisions/0092). */
  botId: number | null;
  monitoringId: number | null;
  outOfHours: boolean;
  /** The SLA targets of the queue it rests in (null: none, or no queue); not a column. */
  sla: SlaClock | null;
}

/** The SLA columns of a ticket entering a queue at `now` (null clock: no targets there). */
export function slaStarted(clock: SlaClock | null, now: Date): TicketColumns {
  return { ...slaDueTimes(clock, now), firstResponseBreachedAt: null, resolutionBreachedAt: null };
}

/** A placement's columns: where it stands, and its queue's clocks started. */
function placed({ sla, ...placement }: Placement, now: Date): TicketColumns {
  // A monitoring's record born closed runs no clock. A bot stage entered starts a new session.
  return { ...placement, ...botCleared, botId: placement.botId, ...slaStarted(placement.queueId === null || placement.status === "closed" ? null : sla, now) };
}

/** Out of a bot's stage: no bot, no session, no call under way (docs/decisions/0092). */
const botCleared = { botId: null, botSession: null, botBusyUntil: null } as const;

/** No menu, no bot, no waiting for the morning: what a person's hand on the ticket (and any close) leaves. */
const personal = { uraId: null, uraMisses: 0, ...botCleared, outOfHours: false } as const;

/** A new ticket where it was placed; a ticket a monitoring records closed is born closed. */
export function opened(placement: Placement, now: Date): TicketColumns {
  return { ...placed(placement, now), closedAt: placement.status === "closed" ? now : null, createdAt: now, updatedAt: now };
}

/**
 * A campaign's message to a contact with no conversation on its connection (docs/decisions/0085):
 * a ticket recorded closed in the campaign's queue — nobody waits on it, so thousands of them
 * never fill the waiting lists — marked with its campaign until the customer answers.
 */
export function openedByCampaign(campaignId: number, queueId: number | null, now: Date): TicketColumns {
  const placement: Placement = { status: "closed", queueId, userId: null, uraId: null, uraMisses: 0, botId: null, monitoringId: null, outOfHours: false, sla: null };
  return { ...opened(placement, now), campaignId };
}

/**
 * The customer answered a campaign: its closed ticket starts waiting where it was placed (the
 * campaign's queue, else where routing puts a new conversation), its clocks started as a new one's.
 */
export function answeredCampaign(placement: Placement, now: Date): TicketColumns {
  return { ...byHand, ...placed(placement, now), closedAt: null, updatedAt: now };
}

/** A ticket an attendant opens for a contact: theirs and open, or waiting in a queue (`sla`: that queue's). */
export function openedByPerson(userId: number | null, queueId: number | null, now: Date, sla: SlaClock | null = null): TicketColumns {
  return opened({ status: userId === null ? "pending" : "open", userId, queueId, uraId: null, uraMisses: 0, botId: null, monitoringId: null, outOfHours: false, sla }, now);
}

/** The public send API's new conversation: waiting, in no queue, until someone takes it. */
export function openedBySend(now: Date): TicketColumns {
  return openedByPerson(null, null, now, null);
}

/** A routing step on an existing ticket (a menu answer): where it goes now; closed when the menu ends it. */
export function routed(placement: Placement, now: Date): TicketColumns {
  return { ...placed(placement, now), closedAt: placement.status === "closed" ? now : null, updatedAt: now };
}

/** The owner came by a person's hand (or left): the ticket no longer says it was assigned automatically. */
const byHand = { autoAssignedAt: null } as const;

/** Accepted while waiting, or reopened by the attendant: open and theirs. */
export function assigned(userId: number, now: Date): TicketColumns {
  return { ...personal, ...byHand, status: "open", userId, closedAt: null, updatedAt: now };
}

/** Given by automatic assignment while waiting in its queue: an accept made by the server, marked as such. */
export function assignedAutomatically(userId: number, now: Date): TicketColumns {
  return { ...assigned(userId, now), autoAssignedAt: now };
}

/**
 * To another attendant: open and theirs. `enters`: the clock of the other queue it goes to with
 * them (its clocks start there); undefined when it stays in its queue (they run on).
 */
export function transferredToUser(userId: number, queueId: number | null, now: Date, enters?: SlaClock | null): TicketColumns {
  return { ...personal, ...byHand, status: "open", userId, queueId, ...(enters === undefined ? {} : slaStarted(enters, now)), updatedAt: now };
}

/** To another queue: waiting there, nobody's; its clocks start from that queue's targets (`sla`). */
export function transferredToQueue(queueId: number, now: Date, sla: SlaClock | null): TicketColumns {
  return { ...personal, ...byHand, status: "pending", userId: null, queueId, ...slaStarted(sla, now), updatedAt: now };
}

/** Back to waiting in its queue, nobody's. */
export function returnedToPending(now: Date): TicketColumns {
  return { ...personal, ...byHand, status: "pending", userId: null, updatedAt: now };
}

/** To another connection (admins), alone or with another move. */
export function movedConnection(connectionId: number, now: Date): TicketColumns {
  return { ...personal, connectionId, updatedAt: now };
}

/** Closed, by anyone: the same row whoever closes it (the farewell and the event say who). */
export function closed(now: Date): TicketColumns {
  return { ...personal, status: "closed", closedAt: now, updatedAt: now };
}

/**
 * Closed because its contact was deleted (docs/decisions/0062): nobody is left to answer. Not a
 * resolution, so no `closedAt`: the reports' resolution figures never count it, and those of the
 * period it was created in stay as they were.
 */
export function closedByErasure(now: Date): TicketColumns {
  return { ...personal, status: "closed", closedAt: null, updatedAt: now };
}

/**
 * Closed because its contact was merged into one with an active ticket on the same connection
 * (docs/decisions/0074): the kept contact's ticket goes on. Not a resolution, as an erasure's.
 */
export function closedByMerge(now: Date): TicketColumns {
  return closedByErasure(now);
}

/** A customer wrote within the reopen window after it closed: waiting again in its queue, nobody's. */
export function reopenedByCustomer(now: Date): TicketColumns {
  return { ...byHand, status: "pending", userId: null, closedAt: null, updatedAt: now };
}
