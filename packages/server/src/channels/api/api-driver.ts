import { limits } from "@atendo/contracts";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { connections, messages } from "../../db/schema/index.js";
import type { DriverFactory } from "../channel-driver.js";
import { markSent } from "../pipeline/outbound.js";
import { defaultExternalId } from "./webhook-payload.js";

async function webhookOf(ctx: AppContext, connectionId: number): Promise<string | null> {
  const [row] = await ctx.db.select({ url: connections.webhookUrl }).from(connections).where(eq(connections.id, connectionId)).limit(1);
  return row?.url ?? null;
}

/**
 * The HTTP API channel's driver. Inbound messages and acks do not pass through it: external
 * systems POST them to /api/channels/{id}/… (api-channel.routes.ts), straight into the pipeline.
 * Outbound, each message becomes a durable webhook delivery; a connection without a webhook URL
 * (the demo, the simulator) marks it sent at once, so the whole loop works with nothing outside.
 * It has no session: it is CONNECTED while it runs, and logging out changes nothing.
 */
export function createApiDriverFactory(ctx: AppContext): DriverFactory {
  return (connectionId, events) => ({
    start: () => events.onSession({ status: "CONNECTED", retries: 0 }),
    stop: async () => undefined,
    logout: async () => undefined,
    async send(message) {
      if (await webhookOf(ctx, connectionId)) await ctx.outbox.enqueue(connectionId, message.messageId, "message");
      else await markSent(ctx, message.messageId);
      return { externalId: defaultExternalId(message.messageId) };
    },
    async deleteMessage(_to, externalId) {
      if (!(await webhookOf(ctx, connectionId))) return;
      const [row] = await ctx.db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.connectionId, connectionId), eq(messages.externalId, externalId)))
        .limit(1);
      if (row) await ctx.outbox.enqueue(connectionId, row.id, "delete");
    },
    checkNumber: async (number) => number.length >= limits.contactNumber.min && number.length <= limits.contactNumber.max,
  });
}
