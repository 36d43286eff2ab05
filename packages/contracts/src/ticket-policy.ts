import { can } from "./permissions.js";
import type { Ticket, TicketStatus } from "./tickets.js";
import type { Profile, User } from "./users.js";

/**
 * Who may see and act on a ticket (spec §4, §6; docs/decisions/0012, 0019, 0020, 0029), written
 * once. Pure: the facts of a ticket and of the user looking in, an answer out. The server
 * enforces it (modules/tickets/ticket.policy.ts, with its SQL and socket-room forms beside it);
 * the web shows what it offers.
 */

/** What the rule reads of a ticket. */
export interface TicketFacts {
  status: TicketStatus;
  /** The owner (attendant) of the ticket, if any. */
  userId: number | null;
  queueId: number | null;
  /** The users invited to write in it with its owner. */
  participantIds: readonly number[];
  /** In the automated stage (a menu waits for the customer's answer, or a bot talks): admins' business only. */
  inMenu: boolean;
}

/** What the rule reads of the user looking at a ticket. */
export interface TicketViewer {
  id: number;
  profile: Profile;
  /** The queues they belong to (only the ticket's own queue matters). */
  queueIds: readonly number[];
  canSeeAllTicketHistory: boolean;
  /**
   * The queues nobody (no active user) belongs to, the same for every viewer: read once per
   * request on the server, from the queue list on the web (docs/decisions/0069). Only an admin's
   * work depends on it (adoptedQueueIds).
   */
  unstaffedQueueIds: readonly number[];
}

/** The facts of a ticket as the API presents it. */
export function ticketFactsOf(ticket: Pick<Ticket, "status" | "userId" | "queueId" | "userTicket" | "ura" | "bot">): TicketFacts {
  return {
    status: ticket.status,
    userId: ticket.userId,
    queueId: ticket.queueId,
    participantIds: ticket.userTicket.map((p) => p.userId),
    inMenu: ticket.ura !== null || ticket.bot !== null,
  };
}

/**
 * A user as the API presents them, as a viewer. `unstaffedQueueIds` only changes an admin's own
 * work (isOwnWork), never what anyone sees or may do (seesTicket, ticketPermissions).
 */
export function ticketViewerOf(
  user: Pick<User, "id" | "profile" | "queues" | "canSeeAllTicketHistory">,
  unstaffedQueueIds: readonly number[] = [],
): TicketViewer {
  return { id: user.id, profile: user.profile, queueIds: user.queues.map((queue) => queue.id), canSeeAllTicketHistory: user.canSeeAllTicketHistory, unstaffedQueueIds };
}

/**
 * Queues whose waiting tickets are the viewer's work though they do not belong to them: for an
 * admin, the queues nobody belongs to. Nobody else could ever see a customer waiting there, so
 * the admins' lists show them without "Show all" (docs/decisions/0069); for anyone else, none.
 */
export function adoptedQueueIds(viewer: Pick<TicketViewer, "profile" | "unstaffedQueueIds">): readonly number[] {
  return can(viewer.profile, "tickets:adoptUnstaffed") ? viewer.unstaffedQueueIds : [];
}

function isOwner(ticket: Pick<TicketFacts, "userId">, viewer: Pick<TicketViewer, "id">): boolean {
  return ticket.userId !== null && ticket.userId === viewer.id;
}

function isParticipant(ticket: Pick<TicketFacts, "participantIds">, viewer: Pick<TicketViewer, "id">): boolean {
  return ticket.participantIds.includes(viewer.id);
}

/** Owner, admin or supervisor: who returns, resolves, reopens and transfers a ticket (spec §4, decision 0099). */
function manages(ticket: TicketFacts, viewer: TicketViewer): boolean {
  return can(viewer.profile, "tickets:manageAll") || isOwner(ticket, viewer);
}

/**
 * The viewer's work (docs/decisions/0012): tickets they own, take part in, or that wait (pending)
 * in one of their queues or in none — and, for an admin, in a queue nobody belongs to
 * (adoptedQueueIds, docs/decisions/0069). What their lists show without an admin's show-all, and
 * what they are notified of — an admin is not notified of every conversation. A ticket still in a
 * menu is nobody's work yet (docs/decisions/0036): the customer is choosing where to go.
 */
export function isOwnWork(ticket: TicketFacts, viewer: Pick<TicketViewer, "id" | "profile" | "queueIds" | "unstaffedQueueIds">): boolean {
  if (isOwner(ticket, viewer) || isParticipant(ticket, viewer)) return true;
  if (ticket.inMenu || ticket.status !== "pending") return false;
  const { queueId } = ticket;
  return queueId === null || viewer.queueIds.includes(queueId) || adoptedQueueIds(viewer).includes(queueId);
}

/**
 * Who hears about a ticket live (its events): admins, supervisors and whoever has it as their work. The
 * history rule of seesTicket is left out on purpose (docs/decisions/0019): history is read on
 * demand, not followed.
 */
export function followsTicketLive(ticket: TicketFacts, viewer: TicketViewer): boolean {
  return can(viewer.profile, "tickets:seeAll") || isOwnWork(ticket, viewer);
}

/**
 * Who may see a ticket (show it, read its messages and media): whoever follows it live, and,
 * once it is closed, users with `canSeeAllTicketHistory` (docs/decisions/0019).
 */
export function seesTicket(ticket: TicketFacts, viewer: TicketViewer): boolean {
  return followsTicketLive(ticket, viewer) || (ticket.status === "closed" && viewer.canSeeAllTicketHistory);
}

/** One flag per thing a user may do with a ticket. */
export interface TicketAbilities {
  /** Take a pending ticket for oneself. */
  accept: boolean;
  returnToPending: boolean;
  resolve: boolean;
  reopen: boolean;
  /** To another user or queue. */
  transfer: boolean;
  transferConnection: boolean;
  addParticipants: boolean;
  /** Remove any participant (whoever manages the ticket); anyone may remove themselves (leave). */
  removeParticipants: boolean;
  leave: boolean;
  delete: boolean;
  /** Send messages and delete one's own. */
  write: boolean;
}

/**
 * What the server lets a request ask for (a 403 otherwise), as it enforces it. Wider than what
 * the screen offers (ticketAbilities): a request that changes nothing is not refused — resolving a
 * closed ticket, returning a pending one, leaving a ticket one is not in (404) — and an admin may
 * resolve, add participants to, or write in a pending ticket, a participant write in it, an owner
 * or admin remove participants of a closed one, and an admin move a closed ticket to another
 * connection. Nobody but an admin, a supervisor or the owner manages a ticket, nobody writes in a closed one.
 */
export function ticketPermissions(ticket: TicketFacts, viewer: TicketViewer): TicketAbilities {
  // An admin writes in (and invites to) any ticket; a supervisor manages every ticket but writes only where an attendant would (decision 0099).
  const writesAll = can(viewer.profile, "tickets:writeAll");
  const owner = isOwner(ticket, viewer);
  const manager = manages(ticket, viewer);
  const { status } = ticket;
  return {
    accept: status === "pending" && seesTicket(ticket, viewer),
    returnToPending: status !== "closed" && manager,
    resolve: manager,
    reopen: status === "closed" && manager,
    transfer: status !== "closed" && manager,
    transferConnection: can(viewer.profile, "ticket-options:transferConnection"),
    addParticipants: status !== "closed" && (writesAll || (status === "open" && manager)),
    removeParticipants: manager,
    leave: true,
    delete: can(viewer.profile, "ticket-options:deleteTicket"),
    write: status !== "closed" && (writesAll || (status === "open" && owner) || isParticipant(ticket, viewer)),
  };
}

/**
 * What the screen offers: the permissions above, narrowed to the actions that change the ticket
 * as it stands — most of them on an open ticket only (spec §4). The composer is enabled by `write`.
 */
export function ticketAbilities(ticket: TicketFacts, viewer: TicketViewer): TicketAbilities {
  const may = ticketPermissions(ticket, viewer);
  const open = ticket.status === "open";
  return {
    ...may,
    returnToPending: open && may.returnToPending,
    resolve: open && may.resolve,
    transferConnection: ticket.status !== "closed" && may.transferConnection,
    addParticipants: open && may.addParticipants,
    removeParticipants: open && may.removeParticipants,
    leave: open && may.leave && isParticipant(ticket, viewer) && !isOwner(ticket, viewer),
    write: open && may.write,
  };
}
