import { activeTicketStatuses, type ActiveTicketStatus, type Ticket, type TicketPage } from "@atendo/contracts";
import { http } from "../../../../lib/http";
import { byRecentActivity } from "../../hooks/ticket-list-cache";
import type { BoardColumnId } from "../hooks/board-rules";

/** The next page of each active status still to read (absent: that status is exhausted). */
export type BoardPageParam = Partial<Record<ActiveTicketStatus, number>>;

/** One page of a column: the waiting and open tickets of its label, merged newest activity first. */
export interface BoardPage {
  tickets: Ticket[];
  hasMore: boolean;
  next: BoardPageParam;
}

export const firstBoardPage: BoardPageParam = { pending: 1, open: 1 };

/**
 * A column's page, by the ticket lists' own calls (GET /tickets per active status, the same
 * visibility and show-all): `tagIds` for a label's column, `withoutTags` for "No label"
 * (docs/decisions/0075). The two statuses are read side by side and merged.
 */
export async function fetchBoardPage(column: BoardColumnId, showAll: boolean, param: BoardPageParam, signal?: AbortSignal): Promise<BoardPage> {
  const statuses = activeTicketStatuses.filter((status) => param[status] !== undefined);
  const pages = await Promise.all(
    statuses.map((status) =>
      http.get<TicketPage>("/tickets", {
        query: {
          status,
          pageNumber: param[status],
          showAll: showAll || undefined,
          tagIds: column === "none" ? undefined : String(column),
          withoutTags: column === "none" || undefined,
        },
        signal,
      }),
    ),
  );
  const next: BoardPageParam = {};
  statuses.forEach((status, index) => {
    if (pages[index]?.hasMore) next[status] = (param[status] ?? 1) + 1;
  });
  return { tickets: pages.flatMap((page) => page.tickets).sort(byRecentActivity), hasMore: Object.keys(next).length > 0, next };
}
