import type { Message, Ticket } from "@atendo/contracts";
import type { AppContext } from "../../../context.js";
import type { Db } from "../../../db/client.js";
import { domainEvent, type DomainEvent } from "../../../events/domain-events.js";
import { ticketMoment, visibilityBefore } from "../../tickets/ticket-events.js";
import type { TicketScope } from "../../tickets/ticket.policy.js";
import { messageContactOf, presentMessages, type MessageRow } from "../message.presenter.js";

/** What storing the messages did to their ticket. */
export interface TicketChange {
  created: boolean;
  /** The event a created ticket is announced with: `create`, or `monitoringExecuted` when a monitoring took it. */
  createdAs?: "create" | "monitoringExecuted";
  /** The ticket as it was before a reopen (closed), to tell whoever owned it then. */
  reopened: TicketScope | null;
  /** The messages answered the ticket's satisfaction survey: its rating changed (docs/decisions/0081). */
  rated?: boolean;
}

/** Messages stored together: the channel's (received), then routing's texts that Atendo wrote (sent). */
export interface StoredMessages {
  received: readonly MessageRow[];
  sent: readonly MessageRow[];
}

/** The events of stored messages, and the messages as presented (read on `db`: a transaction's, for one that publishes inside it). */
export interface MessageMoments {
  events: DomainEvent[];
  presented: Message[];
}

/**
 * What storing messages tells: a new ticket (`ticket` create), a reopened one (`pending`, also to
 * whoever owned it when it closed), then each message (`appMessage` create with the ticket). Only
 * sockets that may see the ticket hear any of it. `ticket` is the ticket as it stands after the
 * write.
 */
export async function messageMoments(db: Db, ticket: Ticket, change: TicketChange, stored: StoredMessages): Promise<MessageMoments> {
  const events: DomainEvent[] = [];
  if (change.created) events.push(ticketMoment(ticket, change.createdAs ?? "create"));
  if (change.reopened) {
    const before = visibilityBefore(
      change.reopened,
      ticket.userTicket.map((p) => p.userId),
    );
    events.push(domainEvent("ticket.reopened", { ticket, transition: "pending", before }));
  }
  if (change.rated) events.push(domainEvent("ticket.updated", { ticket, transition: "update" }));
  const presented = await presentMessages(db, [...stored.received, ...stored.sent], messageContactOf(ticket));
  const received = new Set(stored.received.map((row) => row.id));
  for (const message of presented) events.push(domainEvent(received.has(message.id) ? "message.received" : "message.sent", { ticket, message }));
  return { events, presented };
}

/**
 * After the commit of stored messages (the inbound group commit, whose one transaction serves
 * many tickets): publishes their moments. Returns the messages as presented.
 */
export async function announceMessages(ctx: AppContext, ticket: Ticket, change: TicketChange, stored: StoredMessages): Promise<Message[]> {
  const { events, presented } = await messageMoments(ctx.db, ticket, change, stored);
  await ctx.events.publish(...events);
  return presented;
}
