import {
  connectionEvent,
  whatsappSessionEvent,
  type Connection,
  type ConnectionSession,
  type CreateConnectionBody,
  type DestinationKind,
  type UpdateConnectionBody,
} from "@atendo/contracts";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { byText } from "../../../lib/paged-cache";
import { useSocketEvent } from "../../../lib/socket";
import {
  countConnectionTickets,
  createConnection,
  deleteConnection,
  disconnectSession,
  listDestinationItems,
  listDestinationTypes,
  updateConnection,
} from "../api/connections.api";
import { connectionQueryKey, connectionQueryOptions, connectionsQueryKey, connectionsQueryOptions } from "../api/connections.queries";

const byName = byText<Connection>((connection) => connection.name);

/** A changed connection also moves the default flag: the others lose it. */
function storeConnection(queryClient: QueryClient, connection: Connection): void {
  queryClient.setQueryData<Connection[]>(connectionsQueryKey, (current) => {
    if (!current) return current;
    const others = current.filter((item) => item.id !== connection.id);
    const adjusted = connection.isDefault ? others.map((item) => (item.isDefault ? { ...item, isDefault: false } : item)) : others;
    return [...adjusted, connection].sort(byName);
  });
  queryClient.setQueryData(connectionQueryKey(connection.id), connection);
}

function storeSession(queryClient: QueryClient, session: ConnectionSession): void {
  const apply = (item: Connection): Connection => (item.id === session.id ? { ...item, ...session } : item);
  queryClient.setQueryData<Connection[]>(connectionsQueryKey, (current) => current?.map(apply));
  queryClient.setQueryData<Connection>(connectionQueryKey(session.id), (current) => current && apply(current));
}

function forgetConnection(queryClient: QueryClient, id: number): void {
  queryClient.setQueryData<Connection[]>(connectionsQueryKey, (current) => current?.filter((item) => item.id !== id));
  queryClient.removeQueries({ queryKey: connectionQueryKey(id), exact: true });
}

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
    refetchOnMount: "always",
    meta: { silent: true },
  });
}

export function useCreateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateConnectionBody) => createConnection(body),
    onSuccess: (connection) => storeConnection(queryClient, connection),
  });
}

export function useUpdateConnection(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateConnectionBody) => updateConnection(id, body),
    onSuccess: (connection) => storeConnection(queryClient, connection),
  });
}

export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteConnection(id),
    onSuccess: (_result, id) => forgetConnection(queryClient, id),
  });
}

export function useDisconnectSession() {
  return useMutation({ mutationFn: (id: number) => disconnectSession(id) });
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

export function useDestinationTypes() {
  return useQuery({
    queryKey: ["destinationTypes"],
    queryFn: ({ signal }) => listDestinationTypes(signal),
    staleTime: 60_000,
    meta: { silent: true },
  });
}

export function useDestinationItems(type: DestinationKind | "") {
  return useQuery({
    queryKey: ["destinationItems", type],
    queryFn: ({ signal }) => listDestinationItems(type as DestinationKind, signal),
    enabled: type !== "",
    meta: { silent: true },
  });
}

/** Applies `whatsapp` and `whatsappSession` events (other admins, the channels) to the cache. */
export function useConnectionsLive(): void {
  const queryClient = useQueryClient();
  useSocketEvent("whatsapp", (payload: unknown) => {
    const parsed = connectionEvent.safeParse(payload);
    if (!parsed.success) return;
    if (parsed.data.action === "delete") forgetConnection(queryClient, parsed.data.whatsappId);
    else storeConnection(queryClient, parsed.data.whatsapp);
  });
  useSocketEvent("whatsappSession", (payload: unknown) => {
    const parsed = whatsappSessionEvent.safeParse(payload);
    if (parsed.success) storeSession(queryClient, parsed.data.session);
  });
}
