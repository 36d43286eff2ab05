import { eq } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { connections } from "../../db/schema/index.js";
import { sendOutgoing } from "../messages/delivery/outgoing.service.js";
import type { TicketRow } from "./tickets.repo.js";

/**
 * Sends the connection's farewell message (when it has one) to a ticket just resolved, as a
 * `chat-automatic` message through the outgoing writer, like an attendant's reply: stored,
 * announced, handed to the driver. Like the queue's greeting it does not replace the ticket's last
 * message. A delivery failure marks the message failed; the ticket stays closed (docs/decisions/0020).
 */
export async function sendFarewell(ctx: AppContext, ticket: TicketRow): Promise<void> {
  if (ticket.connectionId === null) return;
  const [connection] = await ctx.db.select({ farewell: connections.farewellMessage }).from(connections).where(eq(connections.id, ticket.connectionId)).limit(1);
  const body = connection?.farewell.trim();
  if (!body) return;
  await sendOutgoing(ctx, ticket, [{ body, mediaType: "chat-automatic" }], { userId: null, lastMessage: false });
}
