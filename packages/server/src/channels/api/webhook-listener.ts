import { webhookAnswer } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import type { OutboundGuard } from "../../core/outbound-guard.js";
import { postOutbound } from "../../core/outbound-post.js";
import type { Db } from "../../db/client.js";
import { connections } from "../../db/schema/index.js";
import type { DomainEvents, DurableRetry } from "../../events/event-bus.js";
import { buildPayload, signature, type WebhookDue } from "./webhook-payload.js";

/** The webhook listener's name in the event outbox (event_deliveries.listener); migration 0018 carried the old deliveries over under it. */
export const webhookListenerKey = "api-channel.webhook";

/** 10 s, 30 s, 1.5 min, 4.5 min, 13.5 min: about 20 minutes of outage absorbed by 6 attempts (docs/api-channel.md). */
export const webhookRetry: DurableRetry = { maxAttempts: 6, backoffMs: (attempt) => 10_000 * 3 ** (attempt - 1) };

export interface WebhookOptions extends Partial<DurableRetry> {
  /** How long a receiver has to answer; default 10 s. */
  timeoutMs?: number;
}

export interface WebhookDeps {
  db: Db;
  /** PUBLIC_URL: where receivers download files. */
  publicUrl: string | undefined;
  /** Keeps deliveries off private addresses unless WEBHOOK_ALLOW_PRIVATE (core/outbound-guard.ts). */
  guard: OutboundGuard;
  /** The receiver took a message (and named it `externalId`, when it answered one): shown as sent. */
  delivered(messageId: number, externalId: string | undefined): Promise<void>;
  /** The last attempt failed: the message shows as failed. */
  failed(messageId: number): Promise<void>;
}

/** POSTs one delivery; resolves with the external id the receiver answered, throws on failure. */
async function post(deps: WebhookDeps, due: WebhookDue, deliveryId: number, timeoutMs: number): Promise<string | undefined> {
  const [connection] = await deps.db
    .select({ url: connections.webhookUrl, secret: connections.webhookSecret })
    .from(connections)
    .where(eq(connections.id, due.connectionId))
    .limit(1);
  const payload = await buildPayload(deps.db, deps.publicUrl, due, deliveryId);
  // The webhook was removed meanwhile: delivered locally, as for a connection without one.
  if (!connection?.url || !payload) return undefined;
  const rawBody = JSON.stringify(payload);
  const headers = {
    "content-type": "application/json",
    "user-agent": "Atendo-Webhook/1",
    "x-atendo-event": payload.event,
    "x-atendo-delivery": String(deliveryId),
    "x-atendo-signature": signature(connection.secret ?? "", rawBody),
  };
  const { status, text } = await postOutbound(connection.url, headers, rawBody, { timeoutMs, guard: deps.guard });
  if (status < 200 || status > 299) throw new Error(`HTTP ${status}`);
  try {
    return webhookAnswer.parse(JSON.parse(text)).externalId;
  } catch {
    return undefined; // a 2xx without a JSON answer is fine
  }
}

/**
 * The API channel's webhook, a durable listener of `webhook.due` (docs/decisions/0058): the event
 * outbox gives each delivery to one instance (SKIP LOCKED and a lease), which POSTs the signed
 * payload built from the message as it is now. 2xx: the message shows as sent. Anything else
 * throws, and the outbox retries at the webhook's own pace (`webhookRetry`); when the last attempt
 * fails the message shows as failed. A delivery whose instance died mid-POST is made again after
 * its lease, with the same `deliveryId` (receivers drop repeats by it).
 */
export function listenWithWebhooks(events: DomainEvents, deps: WebhookDeps, options: WebhookOptions = {}): void {
  const { timeoutMs = 10_000, ...retry } = options;
  events.durable(
    "webhook.due",
    webhookListenerKey,
    async (due, _name, delivery) => {
      try {
        const externalId = await post(deps, due, delivery.id, timeoutMs);
        if (due.event === "message") await deps.delivered(due.messageId, externalId);
      } catch (error) {
        if (delivery.last && due.event === "message") await deps.failed(due.messageId);
        throw error;
      }
    },
    { retry: { ...webhookRetry, ...retry } },
  );
}
