import type {
  ChannelInboundResponse,
  Connection,
  CreateConnectionBody,
  PairingCode,
  PairingCodeBody,
  SimulatorConversation,
  TicketsCount,
  UpdateConnectionBody,
} from "@atendo/contracts";
import { http } from "../../../lib/http";
import { resourceApi } from "../../../lib/resource-api";

const whatsappApi = resourceApi<Connection, CreateConnectionBody, UpdateConnectionBody>("/whatsapp");

/** GET|POST /whatsapp, GET|PUT|DELETE /whatsapp/{id}. A connection's `kind` never changes: an update never sends it. */
export const connectionsApi = {
  ...whatsappApi,
  update: (id: number, { kind: _kind, ...body }: UpdateConnectionBody & { kind?: unknown }) => whatsappApi.update(id, body),
};

/** Starts the logout; the statuses follow as `whatsappSession` events. */
export function disconnectSession(id: number): Promise<void> {
  return http.delete<void>(`/whatsappsession/${id}`);
}

/** "Try again": restarts the session on its stored credentials; the statuses follow as `whatsappSession` events. */
export function restartSession(id: number): Promise<void> {
  return http.post<void>(`/whatsappsession/${id}`);
}

/** Pairs by phone number instead of the QR: the code to type on the phone (status PAIRING). */
export function requestPairingCode(id: number, body: PairingCodeBody): Promise<PairingCode> {
  return http.post<PairingCode>(`/whatsappsession/${id}/pairing-code`, body);
}

export function countConnectionTickets(whatsappId: number, signal?: AbortSignal): Promise<TicketsCount> {
  return http.get<TicketsCount>("/tickets/count", { query: { whatsappId }, signal });
}

export interface SimulatedMessage {
  name: string;
  number: string;
  body: string;
  file?: File | null;
}

/** Writes as a customer of an API connection: JSON, or multipart when a file goes with it. */
export function sendSimulatedMessage(connectionId: number, { name, number, body, file }: SimulatedMessage): Promise<ChannelInboundResponse> {
  const path = `/simulator/${connectionId}/messages`;
  if (!file) return http.post<ChannelInboundResponse>(path, { name, number, body });
  const form = new FormData();
  form.append("name", name);
  form.append("number", number);
  form.append("body", body);
  form.append("file", file);
  return http.post<ChannelInboundResponse>(path, form);
}

export function getSimulatorConversation(connectionId: number, number: string, signal?: AbortSignal): Promise<SimulatorConversation> {
  return http.get<SimulatorConversation>(`/simulator/${connectionId}/messages`, { query: { number }, signal });
}
