import type { ShowTicketResponse, Ticket } from "@atendo/contracts";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCurrentUser } from "../../../lib/session";
import { useServerEvent } from "../../../lib/socket";
import { showTicket } from "../api/ticket.api";
import { mayStillSee } from "../components/ticket-view/ticket-abilities";

export const ticketDetailKey = (id: number) => ["tickets", "detail", id] as const;

/** One ticket with the caller's permission on it; errors are handled by the view. */
export function useTicket(id: number) {
  return useQuery({
    queryKey: ticketDetailKey(id),
    queryFn: ({ signal }) => showTicket(id, signal),
    meta: { silent: true },
  });
}

/** Puts a ticket the server returned (an action's answer, a live event) where the view reads it. */
export function storeTicket(queryClient: QueryClient, ticket: Ticket): void {
  queryClient.setQueryData<ShowTicketResponse>(ticketDetailKey(ticket.id), { hasPermission: true, ticket });
}

function patchTicket(queryClient: QueryClient, id: number, patch: (ticket: Ticket) => Ticket): void {
  queryClient.setQueryData<ShowTicketResponse>(ticketDetailKey(id), (current) =>
    current?.hasPermission ? { hasPermission: true, ticket: patch(current.ticket) } : current,
  );
}

/**
 * Live changes of the open ticket: `ticket` events replace it (or, on delete, call `onDeleted`),
 * `contact` events refresh its contact. When a change seems to take the ticket out of the
 * viewer's sight, the server is asked again and decides (hasPermission false → owner info).
 */
export function useTicketLive(id: number, { onDeleted, isLeaving }: { onDeleted: () => void; isLeaving: () => boolean }): void {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  useServerEvent("ticket", (event) => {
    if ("ticket" in event) {
      if (event.ticket.id !== id) return;
      storeTicket(queryClient, event.ticket);
      if (user && !isLeaving() && !mayStillSee(event.ticket, user)) void queryClient.invalidateQueries({ queryKey: ticketDetailKey(id) });
    } else if (event.ticketId === id) {
      if (event.action === "delete") {
        if (!isLeaving()) onDeleted();
      }
      else patchTicket(queryClient, id, (ticket) => ({ ...ticket, unreadMessages: 0 }));
    }
  });
  useServerEvent("contact", (event) => {
    if (event.action === "delete") return;
    const contact = event.contact;
    patchTicket(queryClient, id, (ticket) => (ticket.contactId === contact.id ? { ...ticket, contact } : ticket));
  });
}
