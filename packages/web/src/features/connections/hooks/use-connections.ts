import type { Connection, ConnectionSession } from "@atendo/contracts";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useServerEvent } from "../../../lib/socket";
import { countConnectionTickets, disconnectSession, restartSession } from "../api/connections.api";
import { connectionQueryKey, connectionsEntity, connectionsQueryKey } from "../api/connections.queries";

/** Every connection, by name (GET /whatsapp is small and unpaged). */
export const useConnections = connectionsEntity.resource.useList;

function storeSession(queryClient: QueryClient, session: ConnectionSession): void {
  const apply = (item: Connection): Connection => (item.id === session.id ? { ...item, ...session } : item);
  queryClient.setQueryData<Connection[]>(connectionsQueryKey, (current) => current?.map(apply));
  queryClient.setQueryData<Connection>(connectionQueryKey(session.id), (current) => current && apply(current));
}

export function useDisconnectSession() {
  return useMutation({ mutationFn: (id: number) => disconnectSession(id) });
}

export function useRestartSession() {
  return useMutation({ mutationFn: (id: number) => restartSession(id) });
}

/** How many tickets a connection has, for its delete confirmation; 0 when the count is unavailable. */
export function useConnectionTicketCount(id: number | null) {
  const query = useQuery({
    queryKey: ["connections", id, "ticketCount"],
    queryFn: ({ signal }) => countConnectionTickets(id ?? 0, signal),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
  });
  return { count: query.data?.count ?? 0, isPending: id !== null && query.isPending };
}

/** Applies `whatsappSession` events (the channels: status, QR, retries) to the cache. */
export function useSessionsLive(): void {
  const queryClient = useQueryClient();
  useServerEvent("whatsappSession", (event) => storeSession(queryClient, event.session));
}

/** Applies `whatsapp` and `whatsappSession` events (other admins, the channels) to the cache. */
export function useConnectionsLive(): void {
  connectionsEntity.useLive();
  useSessionsLive();
}
