import type { ActiveTicketStatus } from "@atendo/contracts";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { queues, users } from "../../db/schema/index.js";
import type { ConnectionRow } from "../../modules/connections/connection.presenter.js";

/** Where a new ticket starts, from its connection's destination. */
export interface Route {
  status: ActiveTicketStatus;
  queueId: number | null;
  userId: number | null;
  /** Sent as a `chat-automatic` message when the ticket is created (queue destinations). */
  greeting: string | null;
}

const unrouted: Route = { status: "pending", queueId: null, userId: null, greeting: null };

/**
 * Queue → pending in that queue, with its greeting; user → open and assigned to that user.
 * URA, announcement and monitoring destinations are not available yet (the connection form
 * refuses them): like a missing or removed destination, the ticket waits with no queue, which
 * every attendant sees, and ERR_INBOUND_CONFIGURATION is logged. Nothing is lost.
 */
export async function resolveRoute(db: Db, connection: ConnectionRow, log: FastifyBaseLogger): Promise<Route> {
  const { destinationType: type, destinationId: id } = connection;
  if (type === "queue" && id !== null) {
    const [queue] = await db.select({ greeting: queues.greetingMessage }).from(queues).where(eq(queues.id, id)).limit(1);
    if (queue) return { status: "pending", queueId: id, userId: null, greeting: queue.greeting.trim() || null };
  } else if (type === "users" && id !== null) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.isDeleted, false)))
      .limit(1);
    if (user) return { status: "open", queueId: null, userId: user.id, greeting: null };
  }
  log.warn(
    { code: "ERR_INBOUND_CONFIGURATION", connectionId: connection.id, destinationType: type, destinationId: id},
    "connection destination missing or not routable; the ticket waits with no queue",
  );
  return unrouted;
}
