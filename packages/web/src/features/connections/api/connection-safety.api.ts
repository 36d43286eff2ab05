import type { ConnectionIncident, MoveConnectionResult } from "@atendo/contracts";
import { http } from "../../../lib/http";

/** Connections alerted as down and not back yet (admins; issue 31). */
export function listConnectionIncidents(signal?: AbortSignal): Promise<ConnectionIncident[]> {
  return http.get<ConnectionIncident[]>("/connection-incidents", { signal });
}

/** Moves a connection's customers (active tickets, future routing) to another; closed tickets stay. */
export function moveConnectionCustomers(id: number, toWhatsappId: number): Promise<MoveConnectionResult> {
  return http.post<MoveConnectionResult>(`/whatsapp/${id}/move`, { toWhatsappId });
}
