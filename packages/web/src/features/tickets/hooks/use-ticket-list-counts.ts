import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { setUnreadCount } from "../../../lib/unread";
import { countUnreadTickets, listTickets } from "../api/tickets-list.api";
import type { TicketListFilter } from "./ticket-list-cache";

/** Every count (tab badges, unread): refreshed together, debounced, after live events. */
export const ticketCountsKey = ["tickets", "count"] as const;

/** A tab's badge: how many tickets the tab holds over all its pages. */
export function useTicketTabCount(filter: TicketListFilter) {
  return useQuery({
    queryKey: [...ticketCountsKey, "tab", filter],
    queryFn: async ({ signal }) => (await listTickets(filter, 1, signal)).count,
    staleTime: Infinity,
    meta: { silent: true }, // a missing badge is not worth a toast; the list reports errors
  });
}

/** Feeds the drawer badge and the document title with the user's tickets that have unread messages. */
export function useUnreadTicketsFeed(enabled: boolean): void {
  const query = useQuery({
    queryKey: [...ticketCountsKey, "unread"],
    queryFn: ({ signal }) => countUnreadTickets(signal),
    enabled,
    staleTime: Infinity,
    meta: { silent: true },
  });
  const count = enabled ? (query.data ?? 0) : 0;
  useEffect(() => setUnreadCount("tickets", count), [count]);
}
