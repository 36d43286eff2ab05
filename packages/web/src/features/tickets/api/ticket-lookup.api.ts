import { limits, type Ticket } from "@atendo/contracts";
import { showTicket } from "./ticket.api";
import { listTickets } from "./tickets-list.api";

/** "#123" or "123": a ticket's number; null for anything else. */
export function ticketNumberOf(text: string): number | null {
  const match = /^#?\s*(\d{1,9})$/.exec(text.trim());
  return match ? Number(match[1]) : null;
}

/**
 * The tickets a text names, for the command palette (docs/decisions/0076): the ticket of that
 * number when the user may see it, then the ticket search's first page (contact name or number,
 * messages), which the server filters by the user's permissions. A ticket the server shows only as
 * "who holds it" (hasPermission false) is left out, as is a number that is no ticket.
 */
export async function lookUpTickets(text: string, signal?: AbortSignal): Promise<Ticket[]> {
  const trimmed = text.trim();
  const number = ticketNumberOf(trimmed);
  const byNumber =
    number === null
      ? Promise.resolve(null)
      : showTicket(number, signal).then(
          (answer) => (answer.hasPermission ? answer.ticket : null),
          () => null,
        );
  // "#123" asks for a ticket, not a contact whose number holds 123.
  const searched = !trimmed.startsWith("#") && trimmed.length >= limits.searchMinChars;
  const bySearch = searched
    ? listTickets({ status: null, search: trimmed, showAll: true, queueIds: null, date: null }, 1, signal).then((page) => page.tickets)
    : Promise.resolve([]);
  const [found, others] = await Promise.all([byNumber, bySearch]);
  return found ? [found, ...others.filter((ticket) => ticket.id !== found.id)] : others;
}
