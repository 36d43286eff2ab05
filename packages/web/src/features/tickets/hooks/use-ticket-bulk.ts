import type { TicketBulkBody } from "@atendo/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { bulkTickets } from "../api/tickets-bulk.api";

/**
 * POST /tickets/bulk. Each changed ticket's event moves its row live; the lists and their counts
 * are fetched again once it is answered, for the rows whose events this user does not hear.
 */
export function useTicketBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketBulkBody) => bulkTickets(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["tickets"] }),
  });
}
