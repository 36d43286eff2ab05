import { timing, type Ticket } from "@atendo/contracts";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { updateFilteredLists } from "../../../lib/paged-cache";
import { useServerEvent, useSocket } from "../../../lib/socket";
import { applyTicket, markTicketRead, removeTicket, type ListViewer, type TicketListData, type TicketListFilter } from "./ticket-list-cache";
import { createCoalescer } from "../../../lib/count-refresh";
import { ticketCountsKey } from "./use-ticket-list-counts";
import { ticketListsKey } from "./use-ticket-list";

function eachList(queryClient: QueryClient, update: (data: TicketListData, filter: TicketListFilter) => TicketListData | undefined): void {
  updateFilteredLists(queryClient, ticketListsKey, update);
}

/** A ticket as it is now, into the lists it belongs to and out of the others. */
export function storeTicketInLists(queryClient: QueryClient, ticket: Ticket, viewer: ListViewer): void {
  eachList(queryClient, (data, filter) => applyTicket(data, ticket, filter, viewer));
}

/**
 * Live list updates (spec §4): `ticket` events add, move or remove the ticket in each cached list,
 * `appMessage` creations bring the ticket's new last message and unread count (and move it up);
 * counts refresh once a burst settles. Mounted once for the whole signed-in app, so lists are
 * right when the user comes back to them.
 */
export function useTicketListLive(viewer: ListViewer | null): void {
  const queryClient = useQueryClient();
  const counts = useMemo(
    () =>
      createCoalescer(() => void queryClient.invalidateQueries({ queryKey: ticketCountsKey }), timing.debounceMs, 4 * timing.debounceMs),
    [queryClient],
  );
  useEffect(() => () => counts.cancel(), [counts]);

  useServerEvent("ticket", (event) => {
    if (!viewer) return;
    if ("ticket" in event) storeTicketInLists(queryClient, event.ticket, viewer);
    else if (event.action === "delete") eachList(queryClient, (data) => removeTicket(data, event.ticketId));
    else eachList(queryClient, (data) => markTicketRead(data, event.ticketId));
    counts.schedule();
  });

  useServerEvent("appMessage", (event) => {
    if (event.action !== "create" || !viewer) return;
    storeTicketInLists(queryClient, event.ticket, viewer);
    counts.schedule();
  });

  // Events missed while the connection was down: fetch lists and counts again after a reconnect.
  const socket = useSocket();
  const connectedBefore = useRef(false);
  useEffect(() => {
    if (!socket) return;
    const onConnect = () => {
      if (connectedBefore.current) void queryClient.invalidateQueries({ queryKey: ["tickets"] });
      connectedBefore.current = true;
    };
    if (socket.connected) connectedBefore.current = true;
    socket.on("connect", onConnect);
    return () => {
      socket.off("connect", onConnect);
    };
  }, [socket, queryClient]);
}
