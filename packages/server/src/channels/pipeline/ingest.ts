import { normalizeNumber } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { connections, messages } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { ConnectionRow } from "../../modules/connections/connection.presenter.js";
import { classifyBuffer, classifyFile } from "../../modules/media/file-kind.js";
import { isStorageFull } from "../../modules/media/media-store.js";
import { announceContactCreated } from "../../modules/contacts/contacts.service.js";
import { announceMessages } from "../../modules/messages/delivery/announce.js";
import { dispatchOutgoingTogether } from "../../modules/messages/delivery/outgoing.service.js";
import { byExternalId } from "../../modules/messages/messages.repo.js";
import { continueConversation } from "../../modules/routing/conversation.js";
import type { InboundMedia, InboundMessage, InboundOutcome } from "../channel-driver.js";
import { storeInbound } from "./inbound-batch.js";
import { Redelivered } from "./inbound-store.js";

async function findByExternalId(db: Db, connectionId: number, externalId: string) {
  const [row] = await db.select({ id: messages.id, ticketId: messages.ticketId }).from(messages).where(byExternalId(connectionId, externalId)).limit(1);
  return row;
}

/** Stores a received file under a new name: bytes are written, a file on disk is linked (no copy). */
async function storeMedia(ctx: AppContext, media: InboundMedia): Promise<string> {
  if (media.path !== undefined) {
    const kind = await classifyFile(media.path, media.mimeType, media.fileName).catch(() => undefined);
    return ctx.media.linkTemporary(media.path, kind?.extension ?? "bin");
  }
  const kind = await classifyBuffer(media.data, media.mimeType, media.fileName).catch(() => undefined);
  return ctx.media.saveBuffer(media.data, kind?.extension ?? "bin");
}

/**
 * The received file under a new name; null when the media folder's disk is full: the customer's
 * message is then kept without it, its text and caption stored and the message marked
 * (`failed`, ERR_STORAGE_FULL), rather than lost or retried against a disk that stays full
 * (docs/decisions/0101).
 */
async function storeMediaUnlessFull(ctx: AppContext, connectionId: number, input: InboundMessage): Promise<string | null> {
  try {
    return await storeMedia(ctx, input.media!);
  } catch (error) {
    if (!isStorageFull(error)) throw error;
    ctx.log.error({ connectionId, externalId: input.externalId, mediaType: input.mediaType }, "media storage full: a received file was not saved; its message is kept without it");
    return null;
  }
}

/**
 * The driver-independent inbound pipeline: normalise the number → upsert the contact → find or
 * create the active ticket (routing a new one) → store the message idempotently by
 * (connection, external id) → update the ticket's last message, unread count and time; then,
 * after the write, announce it and send routing's texts (greeting, menu…); a message to a
 * ticket that exists already may answer its menu or end it by the close code. A redelivered message is a no-op: no
 * event, no unread bump. Returns null for a group message the connection ignores. `connection`
 * may be passed by a caller that loaded it already (the API channel's authentication). Called
 * only through the driver events (driver-events.ts) and the replay of kept failures.
 */
export async function ingestInbound(ctx: AppContext, connectionId: number, input: InboundMessage, loaded?: ConnectionRow): Promise<InboundOutcome | null> {
  const connection = loaded ?? (await ctx.db.select().from(connections).where(eq(connections.id, connectionId)).limit(1))[0];
  if (!connection) throw new AppError("ERR_NO_WAPP_FOUND");
  if (input.chat.isGroup && connection.ignoreGroups) return null;
  const number = normalizeNumber(input.chat.number);
  if (!/^\d{1,50}$/.test(number)) throw new AppError("ERR_WAPP_INVALID_CONTACT");

  // A file is written before the database: look for a redelivery first, so it is not written twice.
  const known = input.media ? await findByExternalId(ctx.db, connection.id, input.externalId) : undefined;
  if (known) return { messageId: known.id, ticketId: known.ticketId, duplicate: true };
  const mediaName = input.media ? await storeMediaUnlessFull(ctx, connection.id, input) : null;
  const inbound = { ctx, connection, number, input, mediaName, mediaLost: Boolean(input.media) && !mediaName, now: new Date() };
  try {
    const stored = await storeInbound(inbound);
    // A menu's answer: announced by the batch's menu step with what it led to; its texts leave now.
    if (stored.stepped) {
      if (stored.stepped.sent.length > 0) await dispatchOutgoingTogether(ctx, stored.stepped.ticket, stored.stepped.sent);
      return { messageId: stored.created[0]!.id, ticketId: stored.active.ticket.id, duplicate: false };
    }
    // The contacts screen first: the ticket that follows names this contact.
    if (stored.newContact) await announceContactCreated(ctx, stored.newContact);
    const { active } = stored;
    const createdAs = active.plan?.action === "monitoringExecuted" ? "monitoringExecuted" : "create";
    const automaticIds = new Set(stored.automatic.map((message) => message.id));
    const received = stored.created.filter((message) => !automaticIds.has(message.id));
    const announced = await announceMessages(ctx, stored.ticket, { ...active, createdAs, rated: active.survey !== undefined }, { received, sent: stored.automatic });
    // Routing's texts leave after the write; a failure marks them failed, it does not undo the message.
    const automatic = announced.filter((message) => automaticIds.has(message.id));
    if (automatic.length > 0) await dispatchOutgoingTogether(ctx, stored.ticket, automatic);
    // A survey's answer is kept on its closed ticket: no menu, no close code.
    if (!active.created && !active.survey) await continueConversation(ctx, connection, active.ticket, input);
    return { messageId: stored.created[0]!.id, ticketId: active.ticket.id, duplicate: false };
  } catch (error) {
    if (mediaName) await ctx.media.remove(mediaName);
    if (!(error instanceof Redelivered)) throw error;
    const existing = await findByExternalId(ctx.db, connection.id, input.externalId);
    if (!existing) throw error;
    return { messageId: existing.id, ticketId: existing.ticketId, duplicate: true };
  }
}
