import { can, dayOf, isOwnWork as ownWork, ticketFactsOf, type Profile, type Ticket, type TicketListSort, type TicketPage, type TicketStatus } from "@atendo/contracts";
import type { InfiniteData } from "@tanstack/react-query";
import { removeFromPages, upsertInPages } from "../../../lib/paged-cache";

/**
 * Pure rules behind the ticket list's live updates (spec §4): which cached list a ticket belongs
 * to after an event, and how each list's pages change. The server already sends each user only
 * what they may see; these rules only decide which tab shows it.
 */

/** What one cached list shows: a tab (or the search view: `status` null) with the user's filters. */
export interface TicketListFilter {
  status: TicketStatus | null;
  /** The search text sent to the server ("" or at least `limits.searchMinChars` characters). */
  search: string;
  /** Admins' show-all toggle (`tickets-manager:showall`); ignored by the server for others. */
  showAll: boolean;
  /** Queues the user narrowed the list to; null when every queue of theirs is selected. */
  queueIds: readonly number[] | null;
  /** Only tickets updated on this day (`yyyy-mm-dd`, the install's clock); null for any day. */
  date: string | null;
  /** Only tickets carrying any of these tags; null for any (docs/decisions/0072). */
  tagIds?: readonly number[] | null;
  /** The order (GET /tickets `sort`): newest activity (default), or the next SLA due time (issue 30). */
  sort?: TicketListSort;
}

/** The signed-in user, as far as the list rules need them. */
export interface ListViewer {
  id: number;
  profile: Profile;
  queueIds: readonly number[];
  /** The queues nobody belongs to (an admin's work too, docs/decisions/0069); [] for others. */
  unstaffedQueueIds: readonly number[];
  /** The install's time zone: the day a ticket was updated on, for the date filter. */
  timeZone: string;
}

export type TicketListData = InfiniteData<TicketPage>;

function isParticipant(ticket: Ticket, viewer: ListViewer): boolean {
  return ticket.userTicket.some((participant) => participant.userId === viewer.id);
}

/**
 * Who sees a ticket without show-all, and the rule for notifications (spec §4): the contracts'
 * isOwnWork, so an admin is not notified of every conversation.
 */
export function isOwnWork(ticket: Ticket, viewer: ListViewer): boolean {
  return ownWork(ticketFactsOf(ticket), viewer);
}

/** Whether `ticket` (as it is now) belongs in the list described by `filter`. */
export function belongsToList(ticket: Ticket, filter: TicketListFilter, viewer: ListViewer): boolean {
  if (filter.status !== null && ticket.status !== filter.status) return false;
  if (filter.date !== null && dayOf(new Date(ticket.updatedAt), viewer.timeZone) !== filter.date) return false;
  if (filter.tagIds && !ticket.tags.some((tag) => filter.tagIds?.includes(tag.id))) return false;
  const showAll = filter.showAll && can(viewer.profile, "tickets-manager:showall");
  if (!showAll && !isOwnWork(ticket, viewer)) return false;
  // As the server's queue filter: it narrows to the chosen queues, but tickets with no queue
  // (everyone's) and tickets the user takes part in always pass.
  if (filter.queueIds === null || ticket.queueId === null || filter.queueIds.includes(ticket.queueId)) return true;
  return isParticipant(ticket, viewer);
}

/** The server's order: most recent activity first, then the newest ticket. */
export function byRecentActivity(a: Ticket, b: Ticket): number {
  const left = Date.parse(a.updatedAt);
  const right = Date.parse(b.updatedAt);
  if (left !== right) return right - left;
  return b.id - a.id;
}

/** A ticket's next SLA due time, as the server's sort reads it (slaNextDue); null: no target running. */
function nextDue(ticket: Ticket): number | null {
  if (ticket.status === "closed") return null;
  const { sla } = ticket;
  const dues = [sla.firstResponseAt === null ? sla.firstResponseDueAt : null, sla.resolutionDueAt].filter((due): due is string => due !== null).map(Date.parse);
  return dues.length === 0 ? null : Math.min(...dues);
}

/** The server's `sort=slaDue` order: soonest due first (by id on a tie), then the others by activity. */
export function bySlaDue(a: Ticket, b: Ticket): number {
  const left = nextDue(a);
  const right = nextDue(b);
  if (left !== null && right !== null) return left - right || a.id - b.id;
  if (left !== null) return -1;
  if (right !== null) return 1;
  return byRecentActivity(a, b);
}

/**
 * A ticket created or changed (a `ticket` event, or the ticket of an `appMessage`): updated or
 * moved in a list it still belongs to, added to one it now belongs to (never to a searched list:
 * only the server knows what matches, spec §4), removed from one it left.
 */
export function applyTicket(
  data: TicketListData | undefined,
  ticket: Ticket,
  filter: TicketListFilter,
  viewer: ListViewer,
): TicketListData | undefined {
  if (!belongsToList(ticket, filter, viewer)) return removeFromPages(data, "tickets", ticket.id);
  const compare = filter.sort === "slaDue" && filter.search === "" && (filter.status === "pending" || filter.status === "open") ? bySlaDue : byRecentActivity;
  return upsertInPages(data, "tickets", ticket, { compare, insert: filter.search === "" });
}

/** A deleted ticket leaves every list. */
export function removeTicket(data: TicketListData | undefined, ticketId: number): TicketListData | undefined {
  return removeFromPages(data, "tickets", ticketId);
}

/** `updateUnread`: the ticket's messages were read; its badge goes, its place stays. */
export function markTicketRead(data: TicketListData | undefined, ticketId: number): TicketListData | undefined {
  if (!data?.pages.some((page) => page.tickets.some((ticket) => ticket.id === ticketId && ticket.unreadMessages > 0))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      tickets: page.tickets.map((ticket) => (ticket.id === ticketId ? { ...ticket, unreadMessages: 0 } : ticket)),
    })),
  };
}
