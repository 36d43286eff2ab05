import type { Ticket, TicketUpsertAction } from "@atendo/contracts";
import { domainEvent, type ClosedBy, type DomainEvent, type TicketVisibility } from "../../events/domain-events.js";
import type { EmitTarget } from "../../realtime/realtime.js";
import { ticketAudience, type TicketScope } from "./ticket.policy.js";

/** What a presented ticket's visibility depends on. */
export function visibilityOf(ticket: Ticket): TicketVisibility {
  return {
    id: ticket.id,
    status: ticket.status,
    userId: ticket.userId,
    queueId: ticket.queueId,
    uraId: ticket.ura?.id ?? null,
    botId: ticket.bot?.id ?? null,
    participantIds: ticket.userTicket.map((p) => p.userId),
  };
}

/** A ticket row as it was, with who took part then: who could see it before a change. */
export function visibilityBefore(row: TicketScope, participantIds: readonly number[]): TicketVisibility {
  return { id: row.id, status: row.status, userId: row.userId, queueId: row.queueId, uraId: row.uraId, botId: row.botId, participantIds };
}

/** Who may see a ticket in this state (the tickets policy's audience): sockets and Web Push alike. */
export function audienceOf(visibility: TicketVisibility): EmitTarget {
  return ticketAudience(visibility, visibility.participantIds);
}

/**
 * Who hears that a ticket missed an SLA target (issue 30): its owner, the members of its queue
 * (the team the target is theirs) and supervision (admins, supervisors) — the team lead's view, beyond who sees the ticket.
 */
export function slaAudience(ticket: Pick<TicketVisibility, "userId" | "queueId">): EmitTarget {
  return { supervision: true, userIds: ticket.userId === null ? [] : [ticket.userId], queueIds: ticket.queueId === null ? [] : [ticket.queueId] };
}

/**
 * The domain event of a spec §4 transition, named by what it is (events/domain-events.ts). A
 * close says who closed it (`by`; the close code is the customer's). A reopen by the customer is
 * `ticket.reopened` (see announce.ts); `pending` here is a ticket sent back to waiting.
 */
export function ticketMoment(ticket: Ticket, transition: TicketUpsertAction, before?: TicketVisibility, by: ClosedBy = "person"): DomainEvent {
  const moment = { ticket, ...(before ? { before } : {}) };
  switch (transition) {
    case "create":
    case "monitoringExecuted":
      return domainEvent("ticket.created", { ...moment, transition });
    case "assigned":
      return domainEvent("ticket.assigned", { ...moment, transition });
    case "transferOwner":
    case "updateQueue":
      return domainEvent("ticket.transferred", { ...moment, transition });
    case "closed":
      return domainEvent("ticket.closed", { ...moment, transition, by });
    case "closedByMessageCode":
      return domainEvent("ticket.closed", { ...moment, transition, by: "customer" });
    case "update":
    case "pending":
    case "addParticipant":
    case "removeParticipant":
      return domainEvent("ticket.updated", { ...moment, transition });
  }
}
