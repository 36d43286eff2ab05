import type { AppContext } from "../../context.js";
import type { DomainEvents } from "../../events/event-bus.js";
import { sendSurvey } from "./survey-send.js";

/** The survey listener's name in the event outbox (event_deliveries.listener). */
export const surveyListenerKey = "survey.send";

/**
 * The satisfaction survey, a side effect of `ticket.closed` (docs/decisions/0081): a durable
 * listener, so it runs once per close across instances and again after a crash (the event
 * outbox's lease); the ticket's `survey_sent_at`, claimed in the transaction that writes the
 * question, makes it one survey per ticket however often it runs.
 */
export function listenWithSurveys(events: DomainEvents, ctx: AppContext): void {
  events.durable("ticket.closed", surveyListenerKey, async ({ ticket, by, idle }) => {
    await sendSurvey(ctx, { ticketId: ticket.id, by, idle: idle === true });
  });
}
