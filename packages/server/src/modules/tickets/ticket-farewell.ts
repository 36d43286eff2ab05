import { eq } from "drizzle-orm";
import { announceMessages } from "../../channels/pipeline/announce.js";
import { deliverOutbound } from "../../channels/pipeline/outbound.js";
import type { AppContext } from "../../context.js";
import { connections, messages } from "../../db/schema/index.js";
import type { TicketRow } from "./tickets.repo.js";

/**
 * Sends the connection's farewell message (when it has one) to a ticket just resolved, as a
 * `chat-automatic` message through the same path as an attendant's reply: stored, announced,
 * handed to the driver. Like the queue's greeting it does not replace the ticket's last message.
 * A delivery failure marks the message failed; the ticket stays closed (docs/decisions/0020).
 */
export async function sendFarewell(ctx: AppContext, ticket: TicketRow): Promise<void> {
  const [connection] = await ctx.db.select({ farewell: connections.farewellMessage }).from(connections).where(eq(connections.id, ticket.connectionId)).limit(1);
  const body = connection?.farewell.trim();
  if (!body) return;
  const [message] = await ctx.db
    .insert(messages)
    .values({ ticketId: ticket.id, connectionId: ticket.connectionId, body, fromMe: true, read: true, mediaType: "chat-automatic", dispatchAt: new Date() })
    .returning();
  if (!message) return;
  await announceMessages(ctx, { ticket, created: false, reopened: null }, [message]);
  await deliverOutbound(ctx, message.id);
}
