import { channelInboundForm, limits, type channelAckBody, type channelInboundBody } from "@atendo/contracts";
import { createHash, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { parseWith } from "../../core/route-kit.js";
import { bearerToken } from "../../modules/auth/authenticate.js";
import type { ConnectionRow } from "../../modules/connections/connection.presenter.js";
import { assertSize, classifyBuffer } from "../../modules/media/file-kind.js";
import { uploadAsMessageFile, type MultipartForm } from "../../modules/media/multipart-form.js";
import type { InboundMedia, InboundMessage, InboundOutcome, MediaType } from "../channel-driver.js";
import type { ChannelTokenThrottle } from "./channel-token-throttle.js";

export type ChannelInbound = z.output<typeof channelInboundBody>;
export type ChannelAck = z.output<typeof channelAckBody>;
export type ChannelConnection = ConnectionRow;

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/**
 * The API connection a request speaks for: its id in the path, its token in the bearer header,
 * compared in constant time. An unknown connection and a wrong token answer alike (401
 * ERR_INVALID_CHANNEL_TOKEN, not the users' ERR_SESSION_EXPIRED), revealing nothing. Wrong
 * tokens are counted per address and per connection: past the limits a wrong token gets 429
 * ERR_TOO_MANY_REQUESTS (channel-token-throttle.ts). The right token always gets in: behind a
 * proxy without TRUST_PROXY every caller has the proxy's address, and a guesser must not lock
 * the integrators out.
 */
export async function authenticateChannel(
  ctx: AppContext,
  throttle: ChannelTokenThrottle,
  caller: { connectionId: number; ip: string; authorization: string | undefined },
): Promise<ChannelConnection> {
  const { connectionId, ip } = caller;
  const token = bearerToken(caller.authorization);
  const row = await ctx.apiConnections.get(connectionId);
  const expected = row?.apiToken ?? "";
  const matches = timingSafeEqual(digest(token ?? ""), digest(expected));
  if (!row || !token || !expected || !matches) {
    throttle.check(ip, connectionId);
    throttle.recordFailure(ip, connectionId);
    throw new AppError("ERR_INVALID_CHANNEL_TOKEN");
  }
  throttle.recordSuccess(ip, connectionId);
  return row;
}

type ChannelFile = { media: InboundMedia; mediaType: MediaType };

/** A file sent inline by a channel, checked like an upload: by content and size (413/415). */
export async function channelFile(data: Buffer, mimeType: string, fileName?: string): Promise<ChannelFile> {
  const kind = await classifyBuffer(data, mimeType, fileName);
  assertSize(kind, data.length);
  return { media: { data, mimeType: kind.mimeType, fileName: fileName ?? `file.${kind.extension}` }, mediaType: kind.mediaType };
}

/**
 * A customer's message on an API connection, reported through the connection's driver events
 * like every channel's: the one way into the pipeline.
 */
async function receiveInbound(ctx: AppContext, connection: ChannelConnection, message: InboundMessage): Promise<InboundOutcome> {
  const outcome = await ctx.channels.requestEvents(connection).receiveMessage(message);
  if (!outcome) throw new AppError("ERR_INBOUND_CONFIGURATION"); // only group messages are ignored, and the API has none
  return outcome;
}

/** POST /channels/{id}/messages (JSON): the external system's body as the message a driver reports. */
export async function receiveChannelMessage(ctx: AppContext, connection: ChannelConnection, input: ChannelInbound): Promise<InboundOutcome> {
  const decoded = input.media ? Buffer.from(input.media.data, "base64") : undefined;
  // The route's body limit already bounds it; this says why to an integrator near the edge.
  if (decoded && decoded.length > limits.channelInlineFileBytes) {
    throw new AppError("ERR_PAYLOAD_TOO_LARGE", 413, "Files over 16 MB go as multipart/form-data (docs/api-channel.md).");
  }
  const file = decoded && input.media ? await channelFile(decoded, input.media.mimeType, input.media.fileName) : undefined;
  return receiveCustomerMessage(ctx, connection, { ...input, ...input.from }, file);
}

/**
 * POST /channels/{id}/messages (multipart/form-data): the same message as form fields, its file
 * already streamed to a temporary file, which is handed on by its path (the caller removes the
 * temporary name afterwards).
 */
export async function receiveChannelForm(ctx: AppContext, connection: ChannelConnection, form: MultipartForm): Promise<InboundOutcome> {
  const input = parseWith(channelInboundForm, form.fields);
  const file = form.files[0] ? uploadAsMessageFile(form.files[0]) : undefined;
  if (!file && input.body.trim() === "") throw new AppError("ERR_MISSING_VALUES", 400, "Send a `body`, a `file`, or both.");
  return receiveCustomerMessage(ctx, connection, input, file);
}

/** The customer's message, read from JSON or from form fields, into the one inbound pipeline. */
function receiveCustomerMessage(
  ctx: AppContext,
  connection: ChannelConnection,
  input: { externalId: string; number: string; name?: string; body: string; quotedExternalId?: string; timestamp?: Date },
  file: { mediaType: MediaType; media: InboundMedia } | undefined,
): Promise<InboundOutcome> {
  return receiveInbound(ctx, connection, {
    externalId: input.externalId,
    chat: { number: input.number, name: input.name, isGroup: false },
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
