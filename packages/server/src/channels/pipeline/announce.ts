import type { Ticket } from "@atendo/contracts";
import type { AppContext } from "../../context.js";
import { presentMessages, type MessageRow } from "../../modules/messages/message.presenter.js";
import { emitMessageCreated, emitTicket } from "../../modules/tickets/ticket-events.js";
import { presentTicket } from "../../modules/tickets/ticket.presenter.js";
import { ticketAudience } from "../../modules/tickets/ticket.policy.js";
import type { ActiveTicket } from "./active-ticket.js";

export function messageContactOf(ticket: Ticket) {
  return { id: ticket.contact.id, name: ticket.contact.name, number: ticket.contact.number };
}

/**
 * After the commit: a new ticket is announced (`ticket` create), a reopened one too (`pending`,
 * also to whoever owned it when it closed), then each stored message (`appMessage` create with
 * the updated ticket). Only sockets that may see the ticket hear any of it. `presented` is the
 * ticket as it stands after the write, when the caller has it already.
 */
export async function announceMessages(ctx: AppContext, active: ActiveTicket, created: readonly MessageRow[], presented?: Ticket): Promise<Ticket> {
  const ticket = presented ?? (await presentTicket(ctx.db, active.ticket.id));
  if (active.created) emitTicket(ctx, ticket, { action: "create", ticket });
  if (active.reopened) {
    const before = ticketAudience(
      active.reopened,
      ticket.userTicket.map((p) => p.userId),
    );
    emitTicket(ctx, ticket, { action: "pending", ticket }, before);
  }
  for (const message of await presentMessages(ctx.db, created, messageContactOf(ticket))) {
    emitMessageCreated(ctx, ticket, message);
  }
  return ticket;
}
