import { seesTicket, ticketAbilities as abilitiesOf, ticketFactsOf, ticketPermissions, ticketViewerOf, type Ticket, type TicketAbilities, type User } from "@atendo/contracts";

export type { TicketAbilities };

type Viewer = Pick<User, "id" | "profile" | "queues" | "canSeeAllTicketHistory">;
type TicketFacts = Pick<Ticket, "status" | "userId" | "queueId" | "userTicket" | "ura" | "bot">;

/** What the screen offers the viewer on a ticket: the contracts' rule, which the server enforces. */
export function ticketAbilities(ticket: TicketFacts, viewer: Viewer): TicketAbilities {
  return abilitiesOf(ticketFactsOf(ticket), ticketViewerOf(viewer));
}

/**
 * Whether the viewer can still see the ticket after a live change (the contracts' seesTicket).
 * Only a hint: when it says no, the view asks the server again.
 */
export function mayStillSee(ticket: TicketFacts, viewer: Viewer): boolean {
  return seesTicket(ticketFactsOf(ticket), ticketViewerOf(viewer));
}

/**
 * Whether the viewer may change the ticket's tags: whoever the server lets write in it (an admin
 * in a waiting ticket too), not only where the composer is on (docs/decisions/0072).
 */
export function mayTagTicket(ticket: TicketFacts, viewer: Viewer): boolean {
  return ticketPermissions(ticketFactsOf(ticket), ticketViewerOf(viewer)).write;
}
