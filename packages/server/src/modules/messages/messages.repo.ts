import { and, eq } from "drizzle-orm";
import { messages } from "../../db/schema/index.js";

/**
 * A message by the id its channel gave it: unique per connection (messages_connection_external_key),
 * how drivers, redeliveries and quotes name a message.
 */
export function byExternalId(connectionId: number, externalId: string) {
  return and(eq(messages.connectionId, connectionId), eq(messages.externalId, externalId));
}
