import type { Connection } from "@atendo/contracts";
import { adminEntity } from "../../../lib/admin-entity";
import { connectionsApi } from "./connections.api";

/** A connection that is now the default takes the flag from the others. */
function moveDefault(connection: Connection, others: Connection[]): Connection[] {
  return connection.isDefault ? others.map((item) => (item.isDefault ? { ...item, isDefault: false } : item)) : others;
}

/** Every connection, by name (GET /whatsapp is small, unpaged and for admins only), on /connections and its form, kept live by `whatsapp` events. */
export const connectionsEntity = adminEntity("connections", connectionsApi, { live: "whatsapp", title: "pages.connections", adjustOthers: moveDefault });

export const {
  listKey: connectionsQueryKey,
  recordKey: connectionQueryKey,
  listQueryOptions: connectionsQueryOptions,
  recordQueryOptions: connectionQueryOptions,
} = connectionsEntity.resource;
