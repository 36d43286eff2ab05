import { useInfiniteQuery, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type { Ticket } from "@atendo/contracts";
import { removeFromPages, updateFilteredLists, upsertInPages } from "../../../../lib/paged-cache";
import { byRecentActivity, type ListViewer } from "../../hooks/ticket-list-cache";
import { fetchBoardPage, firstBoardPage, type BoardPage, type BoardPageParam } from "../api/board.api";
import { belongsToColumn, type BoardColumnFilter } from "./board-rules";

/**
 * Every column's cache, under ["tickets"] so what refreshes the ticket lists refreshes the board
 * too (a reconnect, a label renamed or deleted), but apart from ["tickets", "list"], whose live
 * rules know nothing of columns.
 */
export const boardColumnsKey = ["tickets", "board"] as const;
const boardColumnKey = (filter: BoardColumnFilter) => [...boardColumnsKey, filter] as const;

/** One column, page after page ("Load more"), kept current by live events (use-board-live). */
export function useBoardColumn(filter: BoardColumnFilter) {
  return useInfiniteQuery({
    queryKey: boardColumnKey(filter),
    queryFn: ({ pageParam, signal }) => fetchBoardPage(filter.column, filter.showAll, pageParam, signal),
    initialPageParam: firstBoardPage,
    getNextPageParam: (last: BoardPage): BoardPageParam | undefined => (last.hasMore ? last.next : undefined),
    staleTime: Infinity,
    meta: { silent: true },
  });
}

/** A ticket as it is now, into the columns it belongs to and out of the others. */
export function storeTicketInBoard(queryClient: QueryClient, ticket: Ticket, viewer: ListViewer): void {
  updateFilteredLists<InfiniteData<BoardPage>, BoardColumnFilter>(queryClient, boardColumnsKey, (data, filter) =>
    belongsToColumn(ticket, filter, viewer)
      ? upsertInPages(data, "tickets", ticket, { compare: byRecentActivity, insert: true })
      : removeFromPages(data, "tickets", ticket.id),
  );
}

/** A deleted ticket leaves every column. */
export function removeTicketFromBoard(queryClient: QueryClient, ticketId: number): void {
  updateFilteredLists<InfiniteData<BoardPage>, BoardColumnFilter>(queryClient, boardColumnsKey, (data) => removeFromPages(data, "tickets", ticketId));
}
