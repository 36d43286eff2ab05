import { activeTicketStatuses, type CreateTicketBody, type StartConnection, type StartConnections, type TicketPage, type TicketResult } from "@atendo/contracts";
import { http } from "../../../lib/http";
import type { TicketListFilter } from "../hooks/ticket-list-cache";

/** GET /tickets: one page of a tab, or of the search view (`status` null). */
export function listTickets(filter: TicketListFilter, pageNumber: number, signal?: AbortSignal): Promise<TicketPage> {
  return http.get<TicketPage>("/tickets", {
    query: {
      searchParam: filter.search || undefined,
      pageNumber,
      status: filter.status ?? undefined,
      showAll: filter.showAll || undefined,
      queueIds: filter.queueIds ?? undefined,
      date: filter.date ?? undefined,
      tagIds: filter.tagIds?.join(",") || undefined,
      sort: filter.sort === "slaDue" ? filter.sort : undefined,
    },
    signal,
  });
}

/**
 * How many tickets with unread messages the user has among their waiting and open work (closed
 * ones do not call for an answer): the drawer badge and the document title.
 */
export async function countUnreadTickets(signal?: AbortSignal): Promise<number> {
  const counts = await Promise.all(
    activeTicketStatuses.map((status) =>
      http.get<TicketPage>("/tickets", { query: { pageNumber: 1, status, withUnreadMessages: true }, signal }),
    ),
  );
  return counts.reduce((sum, page) => sum + page.count, 0);
}

/** GET /tickets/connections: the connections the user may start a conversation on (docs/decisions/0041). */
export async function listStartConnections(signal?: AbortSignal): Promise<StartConnection[]> {
  return (await http.get<StartConnections>("/tickets/connections", { signal })).connections;
}

/** POST /tickets: start a conversation with a contact (open for the caller). */
export function createTicket(body: CreateTicketBody): Promise<TicketResult> {
  return http.post<TicketResult>("/tickets", body);
}

