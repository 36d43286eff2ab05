import { and, eq, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppContext } from "../../context.js";
import { contacts, messages, tickets } from "../../db/schema/index.js";
import { AppError } from "../../http/app-error.js";
import { databaseError } from "../../http/error-mapper.js";
import type { OutboundMessage } from "../channel-driver.js";
import { announceMessageUpdate } from "./message-updates.js";

const quoted = alias(messages, "quoted");

/** What the driver needs to send a stored message. */
async function outboundOf(ctx: AppContext, messageId: number) {
  const [row] = await ctx.db
    .select({ message: messages, number: contacts.number, isGroup: tickets.isGroup, quotedExternalId: quoted.externalId })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(quoted, eq(quoted.id, messages.quotedMsgId))
    .where(eq(messages.id, messageId))
    .limit(1);
  if (!row) throw new AppError("ERR_NO_MESSAGE_FOUND");
  const { message } = row;
  const outbound: OutboundMessage = {
    messageId,
    to: { number: row.number, isGroup: row.isGroup },
    body: message.body,
    media:
      message.mediaName && message.mimeType
        ? { path: ctx.media.path(message.mediaName), mimeType: message.mimeType, fileName: message.fileName ?? message.mediaName }
        : undefined,
    quotedExternalId: row.quotedExternalId ?? undefined,
  };
  return { connectionId: message.connectionId, outbound };
}

/** Records the channel's id of a sent message (kept if another message already holds it). */
export async function setExternalId(ctx: AppContext, messageId: number, externalId: string): Promise<void> {
  try {
    await ctx.db.update(messages).set({ externalId }).where(eq(messages.id, messageId));
  } catch (error) {
    if (databaseError(error)?.code !== "23505") throw error;
    ctx.log.warn({ messageId, externalId }, "the channel returned an external id another message holds; kept the old one");
  }
}

/** The channel accepted the message: ack 1 (sent) unless it is already further. */
export async function markSent(ctx: AppContext, messageId: number): Promise<void> {
  const [row] = await ctx.db
    .update(messages)
    .set({ ack: 1, failed: false, updatedAt: new Date() })
    .where(and(eq(messages.id, messageId), lt(messages.ack, 1)))
    .returning();
  if (row) await announceMessageUpdate(ctx, row);
}

/** The channel could not deliver it: shown as failed to who may see the ticket. */
export async function markFailed(ctx: AppContext, messageId: number): Promise<void> {
  const [row] = await ctx.db
    .update(messages)
    .set({ failed: true, updatedAt: new Date() })
    .where(and(eq(messages.id, messageId), eq(messages.failed, false)))
    .returning();
  if (row) await announceMessageUpdate(ctx, row);
}

/**
 * Hands a stored outgoing message to its connection's driver. On success the channel's id is
 * kept (acks arrive later through the driver); on failure the message is marked failed and the
 * error returned: the driver's catalogued code, else ERR_SENDING_WAPP_MSG. Never throws.
 */
export async function deliverOutbound(ctx: AppContext, messageId: number): Promise<AppError | null> {
  try {
    const { connectionId, outbound } = await outboundOf(ctx, messageId);
    const { externalId } = await ctx.channels.driverFor(connectionId).send(outbound);
    await setExternalId(ctx, messageId, externalId);
    return null;
  } catch (error) {
    ctx.log.warn({ err: error, messageId }, "outgoing message not delivered");
    await markFailed(ctx, messageId).catch((e: unknown) => ctx.log.error({ err: e, messageId }, "could not mark the message failed"));
    return error instanceof AppError ? error : new AppError("ERR_SENDING_WAPP_MSG");
  }
}
