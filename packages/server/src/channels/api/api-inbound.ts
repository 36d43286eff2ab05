import type { channelInboundBody } from "@atendo/contracts";
import { and, eq, sql } from "drizzle-orm";
import { createHash, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { prepared } from "../../db/prepared.js";
import { connections } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import { bearerToken } from "../../modules/auth/authenticate.js";
import { assertSize, classifyBuffer } from "../../modules/media/file-kind.js";
import type { InboundMedia, InboundMessage, MediaType } from "../channel-driver.js";
import { ingestInbound, type IngestOutcome } from "../pipeline/ingest.js";

export type ChannelInbound = z.output<typeof channelInboundBody>;
export type ChannelConnection = typeof connections.$inferSelect;

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/**
 * API connections authenticated in the last moments, by id: every inbound call needs its
 * connection, and a query per call is a good part of its cost. A change made on this instance
 * drops the entry at once (forgetChannel); other instances see it within CHANNEL_CACHE_MS.
 */
const CHANNEL_CACHE_MS = 2000;
const channelCache = new WeakMap<AppContext, Map<number, { row: ChannelConnection; until: number }>>();

export function forgetChannel(ctx: AppContext, connectionId: number): void {
  channelCache.get(ctx)?.delete(connectionId);
}

async function loadChannel(ctx: AppContext, connectionId: number): Promise<ChannelConnection | undefined> {
  let cache = channelCache.get(ctx);
  if (!cache) channelCache.set(ctx, (cache = new Map()));
  const hit = cache.get(connectionId);
  if (hit && hit.until > Date.now()) return hit.row;
  const query = prepared(ctx.db, "api_connection", (db, name) =>
    db
      .select()
      .from(connections)
      .where(and(eq(connections.id, sql.placeholder("id")), eq(connections.kind, "api")))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ id: connectionId });
  if (row) cache.set(connectionId, { row, until: Date.now() + CHANNEL_CACHE_MS });
  else cache.delete(connectionId);
  return row;
}

/**
 * The API connection a request speaks for: its id in the path, its token in the bearer header,
 * compared in constant time. An unknown connection and a wrong token answer alike (401
 * ERR_INVALID_CHANNEL_TOKEN, not the users' ERR_SESSION_EXPIRED), revealing nothing.
 */
export async function authenticateChannel(ctx: AppContext, connectionId: number, authorization: string | undefined): Promise<ChannelConnection> {
  const token = bearerToken(authorization);
  const row = await loadChannel(ctx, connectionId);
  const expected = row?.apiToken ?? "";
  const matches = timingSafeEqual(digest(token ?? ""), digest(expected));
  if (!row || !token || !expected || !matches) throw new AppError("ERR_INVALID_CHANNEL_TOKEN");
  return row;
}

/** A file sent by a channel, checked like an upload: by content and size (413/415). */
export async function channelFile(data: Buffer, mimeType: string, fileName?: string): Promise<{ media: InboundMedia; mediaType: MediaType }> {
  const kind = await classifyBuffer(data, mimeType, fileName);
  assertSize(kind, data.length);
  return { media: { data, mimeType: kind.mimeType, fileName: fileName ?? `file.${kind.extension}` }, mediaType: kind.mediaType };
}

/** An API-channel message, through the same pipeline as every driver's. */
export async function receiveChannelMessage(ctx: AppContext, connection: ChannelConnection, input: ChannelInbound): Promise<IngestOutcome> {
  const file = input.media ? await channelFile(Buffer.from(input.media.data, "base64"), input.media.mimeType, input.media.fileName) : undefined;
  const message: InboundMessage = {
    externalId: input.externalId,
    chat: { number: input.from.number, name: input.from.name, isGroup: false },
    fromMe: false,
    body: input.body,
    mediaType: file?.mediaType ?? "chat",
    media: file?.media,
    quotedExternalId: input.quotedExternalId,
    timestamp: input.timestamp ?? new Date(),
  };
  const outcome = await ingestInbound(ctx, connection.id, message, connection);
  if (!outcome) throw new AppError("ERR_INBOUND_CONFIGURATION"); // only group messages are ignored, and the API has none
  return outcome;
}
