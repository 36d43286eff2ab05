import { useQuery } from "@tanstack/react-query";
import { ticketHistory } from "../api/ticket.api";

/** The contact's other tickets (GET /tickets/history); the drawer shows its own error. */
export function useTicketHistory(ticketId: number, contactId: number, enabled: boolean) {
  return useQuery({
    queryKey: ["tickets", "history", ticketId, contactId],
    queryFn: ({ signal }) => ticketHistory(ticketId, contactId, signal),
    enabled,
    meta: { silent: true },
  });
}
