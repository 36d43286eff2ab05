import { queryOptions } from "@tanstack/react-query";
import { getConnection, listConnections } from "./connections.api";

export const connectionsQueryKey = ["connections"] as const;
export const connectionQueryKey = (id: number) => ["connections", id] as const;

/** Every connection, by name (GET /whatsapp is small, unpaged and for admins only). */
export function connectionsQueryOptions() {
  return queryOptions({ queryKey: connectionsQueryKey, queryFn: ({ signal }) => listConnections(signal) });
}

export function connectionQueryOptions(id: number) {
  return queryOptions({ queryKey: connectionQueryKey(id), queryFn: ({ signal }) => getConnection(id, signal) });
}
