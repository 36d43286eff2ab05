import type { WebhookPayload } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { contacts, messages, tickets } from "../../db/schema/index.js";
import type { DomainEventMap } from "../../events/domain-events.js";

/** What one webhook delivery is about: the `webhook.due` event. */
export type WebhookDue = DomainEventMap["webhook.due"];

const quoted = alias(messages, "quoted");

/** The X-Atendo-Signature header (core/webhook-signature.ts, shared with the bots' calls and the automation rules' webhooks). */
export { signature } from "../../core/webhook-signature.js";

/** The external id acks use for a message Atendo sent, unless the webhook answered another. */
export function defaultExternalId(messageId: number): string {
  return `atendo-${messageId}`;
}

/** Where the receiver downloads a file: needs the connection's token, like the inbound calls. */
export function channelMediaUrl(publicUrl: string | undefined, connectionId: number, mediaName: string): string {
  return `${publicUrl?.replace(/\/$/, "") ?? ""}/api/channels/${connectionId}/media/${mediaName}`;
}

/**
 * Builds the payload of a delivery from the message as it is now; undefined if it is gone.
 * `deliveryId` is the delivery's outbox row, the same on every attempt.
 */
export async function buildPayload(db: Db, publicUrl: string | undefined, delivery: WebhookDue, deliveryId: number): Promise<WebhookPayload | undefined> {
  const [row] = await db
    .select({ message: messages, number: contacts.number, name: contacts.name, isGroup: tickets.isGroup, quotedExternalId: quoted.externalId })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(quoted, eq(quoted.id, messages.quotedMsgId))
    .where(eq(messages.id, delivery.messageId))
    .limit(1);
  if (!row) return undefined;
  const { message } = row;
  const base = {
    deliveryId,
    connectionId: delivery.connectionId,
    messageId: message.id,
    externalId: message.externalId ?? defaultExternalId(message.id),
    ticketId: message.ticketId,
    to: { number: row.number, name: row.name, isGroup: row.isGroup },
    timestamp: message.createdAt.toISOString(),
  };
  if (delivery.event === "delete") return { event: "delete", ...base };
  return {
    event: "message",
    ...base,
    body: message.body,
    mediaType: message.mediaType,
    media:
      message.mediaName && message.mimeType
        ? { url: channelMediaUrl(publicUrl, delivery.connectionId, message.mediaName), mimeType: message.mimeType, fileName: message.fileName ?? message.mediaName }
        : null,
    quotedExternalId: row.quotedExternalId,
  };
}
