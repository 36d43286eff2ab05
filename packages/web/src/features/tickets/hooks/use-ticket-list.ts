import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { livePagesOptions } from "../../../lib/paged-cache";
import { listTickets } from "../api/tickets-list.api";
import type { TicketListFilter } from "./ticket-list-cache";

/** Every cached ticket list (tabs and searches): live events walk them all. */
export const ticketListsKey = ["tickets", "list"] as const;
export const ticketListKey = (filter: TicketListFilter) => ["tickets", "list", filter] as const;

/** How one list is fetched: shared by the list and by its tab's count (use-ticket-list-counts). */
export function ticketListOptions(filter: TicketListFilter) {
  return livePagesOptions(ticketListKey(filter), (pageNumber, signal) => listTickets(filter, pageNumber, signal));
}

/**
 * One tab (or search) of the ticket list, newest activity first, page after page. Kept current by
 * live events (use-ticket-list-live) rather than refetched, so rows do not jump under the pointer.
 */
export function useTicketList(filter: TicketListFilter) {
  return useInfiniteQuery({ ...ticketListOptions(filter), placeholderData: keepPreviousData });
}
