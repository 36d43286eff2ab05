import type { AppMessageEvent, Message, Ticket, TicketEvent } from "@atendo/contracts";
import type { AppContext } from "../../context.js";
import type { EmitTarget } from "../../realtime/realtime.js";
import { mergeAudiences, ticketAudience } from "./ticket.policy.js";

/** Who may hear about a presented ticket (see ticketAudience). */
export function audienceOfTicket(ticket: Ticket): EmitTarget {
  return ticketAudience(
    { id: ticket.id, status: ticket.status, userId: ticket.userId, queueId: ticket.queueId, uraId: ticket.ura?.id ?? null },
    ticket.userTicket.map((p) => p.userId),
  );
}

/** Emits a `ticket` event to who may see the ticket now, plus `also` (e.g. who saw it before). */
export function emitTicket(ctx: AppContext, ticket: Ticket, event: TicketEvent, also?: EmitTarget): void {
  const target = audienceOfTicket(ticket);
  ctx.realtime.emit(also ? mergeAudiences(target, also) : target, "ticket", event);
}

/** `appMessage` create: the message with its ticket and contact, to who may see the ticket. */
export function emitMessageCreated(ctx: AppContext, ticket: Ticket, message: Message): void {
  const event: AppMessageEvent = { action: "create", message, ticket, contact: ticket.contact };
  ctx.realtime.emit(audienceOfTicket(ticket), "appMessage", event);
}

/** `appMessage` update (ack, failure, deletion) or edit (new text) of a message. */
export function emitMessageUpdated(ctx: AppContext, audience: EmitTarget, message: Message, action: "update" | "edit" = "update"): void {
  const event: AppMessageEvent = { action, message };
  ctx.realtime.emit(audience, "appMessage", event);
}
