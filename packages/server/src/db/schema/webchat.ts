import { index, pgTable, text } from "drizzle-orm/pg-core";
import { bigserialId, ownerId, timestamps } from "./columns.js";
import { connections } from "./connections.js";

/**
 * A website widget's visitor (docs/decisions/0090): who the signed visitor token names, and what
 * the pre-chat form asked. The visitor's contact number is channelIdentity("webchat", id).
 */
export const webchatVisitors = pgTable(
  "webchat_visitors",
  {
    id: bigserialId(),
    connectionId: ownerId("connection_id", () => connections.id),
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    ...timestamps(),
  },
  (t) => [index("webchat_visitors_connection_idx").on(t.connectionId)],
);
