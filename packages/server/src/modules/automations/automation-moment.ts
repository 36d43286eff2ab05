import type { AutomationTrigger, Ticket } from "@atendo/contracts";
import type { DomainEventMap } from "../../events/domain-events.js";

/** The events rules listen to, and the trigger each is. */
export const automationEvents = ["ticket.created", "message.received", "ticket.closed", "ticket.idle", "ticket.slaAtRisk", "ticket.tagged"] as const;
export type AutomationEventName = (typeof automationEvents)[number];

/** What a rule runs on: its trigger, the ticket, and the text and time its conditions read. */
export interface RuleMoment {
  trigger: AutomationTrigger;
  ticket: Ticket;
  /** The customer's message (messageReceived); "" otherwise. */
  text: string;
  messageId: number | null;
  /** ticketIdle: the minutes of idleness announced (a rule runs only on its own). */
  idleMinutes: number | null;
  at: Date;
}

/** The rule moment an event is; null for one no rule hears (a message the company's phone sent). */
export function momentOf<N extends AutomationEventName>(name: N, payload: DomainEventMap[N], at = new Date()): RuleMoment | null {
  const base = { text: "", messageId: null, idleMinutes: null, at };
  switch (name) {
    case "ticket.created":
      return { ...base, trigger: "ticketCreated", ticket: (payload as DomainEventMap["ticket.created"]).ticket };
    case "message.received": {
      const { ticket, message } = payload as DomainEventMap["message.received"];
      if (message.fromMe) return null;
      return { ...base, trigger: "messageReceived", ticket, text: message.body, messageId: message.id, at: new Date(message.createdAt) };
    }
    case "ticket.closed":
      return { ...base, trigger: "ticketClosed", ticket: (payload as DomainEventMap["ticket.closed"]).ticket };
    case "ticket.idle": {
      const { ticket, minutes } = payload as DomainEventMap["ticket.idle"];
      return { ...base, trigger: "ticketIdle", ticket, idleMinutes: minutes };
    }
    case "ticket.slaAtRisk":
      return { ...base, trigger: "slaAtRisk", ticket: (payload as DomainEventMap["ticket.slaAtRisk"]).ticket };
    case "ticket.tagged":
      return { ...base, trigger: "tagAdded", ticket: (payload as DomainEventMap["ticket.tagged"]).ticket };
  }
  return null;
}
