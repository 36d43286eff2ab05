import type { DomainEvents } from "../../events/event-bus.js";
import type { PushNotifier } from "./push-notifier.js";

/**
 * Web Push of a customer's message to the users who may see its ticket and have no tab open
 * (docs/decisions/0042): the same audience as the sockets (push-notifier.ts reads it from the
 * tickets policy). The company's own messages are news to nobody. A mention in a note, to the
 * user mentioned when they have no tab open.
 */
export function listenWithPush(events: DomainEvents, push: PushNotifier): void {
  events.on("message.received", "web-push", ({ ticket, message }) => {
    if (!message.fromMe) push.notifyInbound(ticket, [message]);
  });
  // Being mentioned in a note is news to the one mentioned alone (decision 0073).
  events.on("mention.created", "web-push", ({ userId, mention }) => push.notifyMention(userId, mention));
  // A missed SLA target, to the same people as its socket event (slaAudience) who have no tab open.
  events.on("ticket.slaBreached", "web-push", (breach) => push.notifySlaBreach(breach));
  // A connection down past the threshold, and its recovery, to admins with no tab open (issue 31).
  events.on("connection.alerted", "web-push", ({ incident }) => push.notifyConnectionIncident("alerted", incident));
  events.on("connection.recovered", "web-push", ({ incident }) => push.notifyConnectionIncident("recovered", incident));
}
