import { wholeListQueries } from "../../../lib/resource-queries";
import { getConnection, listConnections } from "./connections.api";

/** Every connection, by name (GET /whatsapp is small, unpaged and for admins only), and each one. */
export const {
  listKey: connectionsQueryKey,
  recordKey: connectionQueryKey,
  listQueryOptions: connectionsQueryOptions,
  recordQueryOptions: connectionQueryOptions,
} = wholeListQueries("connections", { list: listConnections, get: getConnection });
