import { can, type Ticket, type User } from "@atendo/contracts";

type Viewer = Pick<User, "id" | "profile" | "queues">;
type TicketFacts = Pick<Ticket, "status" | "userId" | "queueId" | "userTicket">;

/** What the viewer may do with a ticket; the server enforces the same rules (spec §4, §6). */
export interface TicketAbilities {
  accept: boolean;
  returnToPending: boolean;
  resolve: boolean;
  reopen: boolean;
  transfer: boolean;
  transferConnection: boolean;
  addParticipants: boolean;
  /** Remove any participant (the owner or an admin); anyone may remove themselves (leave). */
  removeParticipants: boolean;
  leave: boolean;
  delete: boolean;
  /** The message composer is enabled. */
  write: boolean;
}

export function isParticipant(ticket: Pick<Ticket, "userTicket">, userId: number): boolean {
  return ticket.userTicket.some((participant) => participant.userId === userId);
}

export function ticketAbilities(ticket: TicketFacts, viewer: Viewer): TicketAbilities {
  const admin = viewer.profile === "admin";
  const owner = ticket.userId !== null && ticket.userId === viewer.id;
  const participant = isParticipant(ticket, viewer.id);
  const manager = owner || admin;
  const open = ticket.status === "open";
  return {
    accept: ticket.status === "pending",
    returnToPending: open && manager,
    resolve: open && manager,
    reopen: ticket.status === "closed" && manager,
    // A waiting ticket has no owner: only an admin may move it elsewhere.
    transfer: ticket.status !== "closed" && manager,
    transferConnection: ticket.status !== "closed" && can(viewer.profile, "ticket-options:transferConnection"),
    addParticipants: open && manager,
    removeParticipants: open && manager,
    leave: open && participant && !owner,
    delete: can(viewer.profile, "ticket-options:deleteTicket"),
    write: open && (owner || participant || admin),
  };
}

/**
 * Whether the viewer can still see the ticket after a live change (the server's visibility rule,
 * docs/decisions/0012). Only a hint: when it says no, the view asks the server again.
 */
export function mayStillSee(ticket: TicketFacts, viewer: Viewer): boolean {
  if (viewer.profile === "admin" || ticket.userId === viewer.id || isParticipant(ticket, viewer.id)) return true;
  if (ticket.status !== "pending") return false;
  return ticket.queueId === null || viewer.queues.some((queue) => queue.id === ticket.queueId);
}
