import type { AppContext } from "../../context.js";
import type { DomainEvents, DurableRetry } from "../../events/event-bus.js";
import { answerByBot } from "./bot-exchange.js";

/** The bot listener's name in the event outbox (event_deliveries.listener). */
export const botListenerKey = "bot.answer";

/**
 * A message waiting behind another call to its ticket's bot tries again soon: every second, then
 * every 5 s, for a few minutes (a call holds a ticket 35 s at most).
 */
export const botRetry: DurableRetry = { maxAttempts: 40, backoffMs: (attempt) => Math.min(1000 * attempt, 5000) };

/**
 * The bot stage (docs/decisions/0092), a durable listener of `message.received`: each customer
 * message to a ticket waiting in a bot's stage goes to the bot once across instances, and again
 * after a crash (the outbox's lease). Only those messages keep an outbox row (`when`).
 */
export function listenWithBots(events: DomainEvents, ctx: AppContext): void {
  events.durable("message.received", botListenerKey, async ({ ticket, message }) => answerByBot(ctx, ticket.id, message), {
    retry: botRetry,
    when: ({ ticket, message }) => ticket.bot !== null && ticket.status === "pending" && !message.fromMe,
  });
}
