import type { DomainEvents } from "../../events/event-bus.js";
import type { AppMetrics } from "./app-metrics.js";

/**
 * Counts messages in and out by channel kind from the domain events (a listener, not lines in the
 * services). A message of a deleted connection counts under "deleted".
 */
export function listenWithMetrics(events: DomainEvents, metrics: AppMetrics): void {
  events.on("message.received", "metrics", ({ ticket }) => {
    metrics.messagesReceived.inc({ channel: ticket.whatsapp.kind ?? "deleted" });
  });
  events.on("message.sent", "metrics", ({ ticket }) => {
    metrics.messagesSent.inc({ channel: ticket.whatsapp.kind ?? "deleted" });
  });
}
