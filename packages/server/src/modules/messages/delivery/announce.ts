import type { Message, Ticket } from "@atendo/contracts";
import type { AppContext } from "../../../context.js";
import { emitMessageCreated, emitTicket } from "../../tickets/ticket-events.js";
import { ticketAudience, type TicketScope } from "../../tickets/ticket.policy.js";
import { messageContactOf, presentMessages, type MessageRow } from "../message.presenter.js";

/** What storing the messages did to their ticket. */
export interface TicketChange {
  created: boolean;
  /** The event a created ticket is announced with: `create`, or `monitoringExecuted` when a monitoring took it. */
  createdAs?: "create" | "monitoringExecuted";
  /** The ticket as it was before a reopen (closed), to tell whoever owned it then. */
  reopened: TicketScope | null;
}

/**
 * After the commit of stored messages: a new ticket is announced (`ticket` create), a reopened
 * one too (`pending`, also to whoever owned it when it closed), then each message (`appMessage`
 * create with the ticket). Only sockets that may see the ticket hear any of it. `ticket` is the
 * ticket as it stands after the write. Returns the messages as presented.
 */
export async function announceMessages(ctx: AppContext, ticket: Ticket, change: TicketChange, created: readonly MessageRow[]): Promise<Message[]> {
  if (change.created) emitTicket(ctx, ticket, { action: change.createdAs ?? "create", ticket });
  if (change.reopened) {
    const before = ticketAudience(
      change.reopened,
      ticket.userTicket.map((p) => p.userId),
    );
    emitTicket(ctx, ticket, { action: "pending", ticket }, before);
  }
  const presented = await presentMessages(ctx.db, created, messageContactOf(ticket));
  for (const message of presented) emitMessageCreated(ctx, ticket, message);
  // Users who may see the ticket but have no tab open hear of it by Web Push (in the background).
  ctx.push.notifyInbound(ticket, presented);
  return presented;
}
