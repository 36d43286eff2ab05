import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { setUnreadCount } from "../../../lib/unread";
import { countUnreadTickets, listTickets } from "../api/tickets-list.api";
import type { TicketListFilter } from "./ticket-list-cache";
import { ticketListOptions } from "./use-ticket-list";

/** Every count (tab badges, unread): refreshed together, debounced, after live events. */
export const ticketCountsKey = ["tickets", "count"] as const;

/**
 * A tab's badge: how many tickets the tab holds over all its pages. The first count comes with the
 * tab's first page, fetched into the list's cache (shared with the list when it is the tab shown):
 * the same GET /tickets once, not once for the list and again for the badge (issue 16). Later
 * refreshes, after live events, ask for the count alone and leave the kept-current list alone.
 */
export function useTicketTabCount(filter: TicketListFilter) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...ticketCountsKey, "tab", filter],
    queryFn: async ({ signal }) => {
      const list = ticketListOptions(filter);
      if (queryClient.getQueryData(list.queryKey) !== undefined) return (await listTickets(filter, 1, signal)).count;
      return (await queryClient.fetchInfiniteQuery(list)).pages[0]?.count ?? 0;
    },
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
