import type { channelAckBody, channelInboundBody } from "@atendo/contracts";
import { createHash, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { bearerToken } from "../../modules/auth/authenticate.js";
import type { ConnectionRow } from "../../modules/connections/connection.presenter.js";
import { assertSize, classifyBuffer } from "../../modules/media/file-kind.js";
import type { InboundMedia, InboundMessage, InboundOutcome, MediaType } from "../channel-driver.js";

export type ChannelInbound = z.output<typeof channelInboundBody>;
export type ChannelAck = z.output<typeof channelAckBody>;
export type ChannelConnection = ConnectionRow;

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/**
 * The API connection a request speaks for: its id in the path, its token in the bearer header,
 * compared in constant time. An unknown connection and a wrong token answer alike (401
 * ERR_INVALID_CHANNEL_TOKEN, not the users' ERR_SESSION_EXPIRED), revealing nothing.
 */
export async function authenticateChannel(ctx: AppContext, connectionId: number, authorization: string | undefined): Promise<ChannelConnection> {
  const token = bearerToken(authorization);
  const row = await ctx.apiConnections.get(connectionId);
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

/**
 * A customer's message on an API connection (its HTTP call, the simulator), reported through
 * the connection's driver events like every channel's: the one way into the pipeline.
 */
export async function receiveInbound(ctx: AppContext, connection: ChannelConnection, message: InboundMessage): Promise<InboundOutcome> {
  const outcome = await ctx.channels.requestEvents(connection).receiveMessage(message);
  if (!outcome) throw new AppError("ERR_INBOUND_CONFIGURATION"); // only group messages are ignored, and the API has none
  return outcome;
}

/** POST /channels/{id}/messages: the external system's body as the message a driver reports. */
export async function receiveChannelMessage(ctx: AppContext, connection: ChannelConnection, input: ChannelInbound): Promise<InboundOutcome> {
  const file = input.media ? await channelFile(Buffer.from(input.media.data, "base64"), input.media.mimeType, input.media.fileName) : undefined;
  return receiveInbound(ctx, connection, {
    externalId: input.externalId,
    chat: { number: input.from.number, name: input.from.name, isGroup: false },
    fromMe: false,
    body: input.body,
    mediaType: file?.mediaType ?? "chat",
    media: file?.media,
    quotedExternalId: input.quotedExternalId,
    timestamp: input.timestamp ?? new Date(),
  });
}

/** POST /channels/{id}/acks: by the channel's id or Atendo's; ERR_NO_MESSAGE_FOUND when neither names a message. */
export async function receiveChannelAck(ctx: AppContext, connection: ChannelConnection, input: ChannelAck): Promise<void> {
  const ref = input.externalId !== undefined ? { externalId: input.externalId } : { messageId: input.messageId ?? 0 };
  if (!(await ctx.channels.requestEvents(connection).receiveAck(ref, input.ack))) throw new AppError("ERR_NO_MESSAGE_FOUND");
}
