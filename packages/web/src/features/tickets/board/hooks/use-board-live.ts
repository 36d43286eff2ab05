import { useQueryClient } from "@tanstack/react-query";
import { useServerEvent } from "../../../../lib/socket";
import type { ListViewer } from "../../hooks/ticket-list-cache";
import { removeTicketFromBoard, storeTicketInBoard } from "./use-board-column";

/**
 * Live board (docs/decisions/0075): a `ticket` event (its labels changed by anyone, accepted,
 * closed, transferred) moves the card into the columns it now belongs to and out of the others;
 * a new message brings its last line up. A label renamed or deleted refetches the columns
 * (the tags feature invalidates ["tickets"]); so does a reconnect.
 */
export function useBoardLive(viewer: ListViewer | null): void {
  const queryClient = useQueryClient();
  useServerEvent("ticket", (event) => {
    if (!viewer) return;
    if ("ticket" in event) storeTicketInBoard(queryClient, event.ticket, viewer);
    else if (event.action === "delete") removeTicketFromBoard(queryClient, event.ticketId);
  });
  useServerEvent("appMessage", (event) => {
    if (event.action === "create" && viewer) storeTicketInBoard(queryClient, event.ticket, viewer);
  });
}
