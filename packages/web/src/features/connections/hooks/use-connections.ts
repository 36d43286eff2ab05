import type { Connection, ConnectionSession, UpdateConnectionBody } from "@atendo/contracts";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCacheMutation } from "../../../lib/cache-mutation";
import { byText } from "../../../lib/paged-cache";
import { forEditForm } from "../../../lib/query-presets";
import { useServerEvent } from "../../../lib/socket";
import { useLiveCache } from "../../../lib/use-live-cache";
import { wholeListCache } from "../../../lib/whole-list-cache";
import {
  countConnectionTickets,
  createConnection,
  deleteConnection,
  disconnectSession,
  restartSession,
  updateConnection,
} from "../api/connections.api";
import { connectionQueryKey, connectionQueryOptions, connectionsQueryKey, connectionsQueryOptions } from "../api/connections.queries";

const cache = wholeListCache<Connection>(connectionsQueryKey, connectionQueryKey, byText<Connection>((connection) => connection.name));

/** A changed connection also moves the default flag: the others lose it. */
function storeConnection(queryClient: QueryClient, connection: Connection): void {
  cache.store(queryClient, connection, (others) =>
    connection.isDefault ? others.map((item) => (item.isDefault ? { ...item, isDefault: false } : item)) : others,
  );
}

function storeSession(queryClient: QueryClient, session: ConnectionSession): void {
  const apply = (item: Connection): Connection => (item.id === session.id ? { ...item, ...session } : item);
  queryClient.setQueryData<Connection[]>(connectionsQueryKey, (current) => current?.map(apply));
  queryClient.setQueryData<Connection>(connectionQueryKey(session.id), (current) => current && apply(current));
}

const forgetConnection = cache.forget;

/** Every connection, by name (GET /whatsapp is small and unpaged). */
export function useConnections(options: { silent?: boolean } = {}) {
  return useQuery({
    ...connectionsQueryOptions(),
    meta: { silent: options.silent },
  });
}

/** One connection, fetched fresh for its form. */
export function useConnection(id: number) {
  return useQuery({
    ...connectionQueryOptions(id),
    ...forEditForm,
  });
}

export function useCreateConnection() {
  return useCacheMutation(createConnection, storeConnection);
}

export function useUpdateConnection(id: number) {
  return useCacheMutation((body: UpdateConnectionBody) => updateConnection(id, body), storeConnection);
}

export function useDeleteConnection() {
  return useCacheMutation(deleteConnection, (queryClient, _result, id) => forgetConnection(queryClient, id));
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

/** Applies `whatsapp` and `whatsappSession` events (other admins, the channels) to the cache. */
export function useConnectionsLive(): void {
  const queryClient = useQueryClient();
  useLiveCache("whatsapp", { store: storeConnection, forget: forgetConnection });
  useServerEvent("whatsappSession", (event) => storeSession(queryClient, event.session));
}
