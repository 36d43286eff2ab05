import type { TicketBulkBody, TicketBulkResponse } from "@atendo/contracts";
import { http } from "../../../lib/http";

/** One action on many tickets, each answered on its own (docs/decisions/0077). */
export function bulkTickets(body: TicketBulkBody): Promise<TicketBulkResponse> {
  return http.post<TicketBulkResponse>("/tickets/bulk", body);
}
