import { limits } from "@atendo/contracts";
import type { ApiConnections } from "../../context-types.js";
import type { Db } from "../../db/client.js";
import { messages } from "../../db/schema/index.js";
import { domainEvent, type DomainEvent } from "../../events/domain-events.js";
import { byExternalId } from "../../modules/messages/messages.repo.js";
import type { DriverFactory } from "../channel-driver.js";
import { defaultExternalId } from "./webhook-payload.js";


/**
 * The HTTP API channel's driver. Inbound messages and acks arrive as HTTP calls from the
 * external system (api-channel.routes.ts), answered by whichever instance receives them, and
 * are reported through the connection's driver events like any driver's (api-inbound.ts).
 * Outbound, each message owes a `webhook.due` event, published with its hand-over and run once by
 * the webhook listener (webhook-listener.ts) on whichever instance claims it; a connection
 * without a webhook URL (the demo, the simulator) reports it sent at once, so the whole loop works
 * with nothing outside. It has no session: it is CONNECTED while it runs, and logging out changes nothing.
 */
export function createApiDriverFactory(deps: { db: Db; connections: ApiConnections; publish(event: DomainEvent): Promise<void> }): DriverFactory {
  const { db, publish } = deps;
  // The connection as the inbound calls read it (ApiConnectionCache): a change made here is seen at
  // once, one made on another instance within its short delay — not a query per message sent.
  const webhookOf = async (connectionId: number) => (await deps.connections.get(connectionId))?.webhookUrl ?? null;
  return (connectionId, events) => ({
    start: () => events.onSession({ status: "CONNECTED", retries: 0 }),
    stop: async () => undefined,
    logout: async () => undefined,
    async send(message) {
      const externalId = defaultExternalId(message.messageId);
      if (!(await webhookOf(connectionId))) return { externalId, sent: true };
      return { externalId, deliverLater: domainEvent("webhook.due", { connectionId, messageId: message.messageId, event: "message" }) };
    },
    async deleteMessage(_to, externalId) {
      if (!(await webhookOf(connectionId))) return;
      const [row] = await db.select({ id: messages.id }).from(messages).where(byExternalId(connectionId, externalId)).limit(1);
      if (row) await publish(domainEvent("webhook.due", { connectionId, messageId: row.id, event: "delete" }));
    },
    checkNumber: async (number) => number.length >= limits.contactNumber.min && number.length <= limits.contactNumber.max,
  });
}
