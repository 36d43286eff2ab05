import { and, eq } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { AppContext } from "../../context.js";
import { messages, tickets } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { assertCanSeeTicket } from "../tickets/ticket.policy.js";
import { chatMediaForUser } from "../chats/chat-media.js";
import { mediaNamePattern } from "./media-store.js";

interface MediaFile {
  name: string;
  mimeType: string;
  fileName: string;
}

function selectMedia(ctx: AppContext, name: string, connectionId?: number) {
  if (!mediaNamePattern.test(name)) throw new AppError("ERR_NOT_FOUND");
  return ctx.db
    .select({
      name: messages.mediaName,
      mimeType: messages.mimeType,
      fileName: messages.fileName,
      ticket: { id: tickets.id, status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, uraId: tickets.uraId, botId: tickets.botId },
    })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .where(and(eq(messages.mediaName, name), connectionId === undefined ? undefined : eq(messages.connectionId, connectionId)))
    .limit(1);
}

function fileOf(row: { name: string | null; mimeType: string | null; fileName: string | null }): MediaFile {
  const name = row.name ?? "";
  return { name, mimeType: row.mimeType ?? "application/octet-stream", fileName: row.fileName ?? name };
}

/**
 * A message's file, for a user who may see its ticket, or read its internal chat (403 otherwise,
 * 404 for an unknown name).
 */
export async function mediaForUser(ctx: AppContext, actor: Actor, name: string): Promise<MediaFile> {
  const [row] = await selectMedia(ctx, name);
  if (!row) {
    const inChat = await chatMediaForUser(ctx, actor, name);
    if (!inChat) throw new AppError("ERR_NOT_FOUND");
    return fileOf(inChat);
  }
  await assertCanSeeTicket(ctx.db, actor, row.ticket);
  return fileOf(row);
}

/** A message's file, for the API connection the message belongs to. */
export async function mediaForChannel(ctx: AppContext, connectionId: number, name: string): Promise<MediaFile> {
  const [row] = await selectMedia(ctx, name, connectionId);
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return fileOf(row);
}

/**
 * Streams a stored file. Media shows inline, anything else downloads; the declared type is the
 * sniffed one, and nosniff plus a sandboxing CSP keep a hostile file from running as a page.
 */
export async function sendMedia(ctx: AppContext, reply: FastifyReply, file: MediaFile): Promise<FastifyReply> {
  const path = ctx.media.path(file.name);
  const size = await stat(path).then(
    (s) => s.size,
    () => undefined,
  );
  if (size === undefined) throw new AppError("ERR_NOT_FOUND");
  const inline = /^(image|audio|video)\//.test(file.mimeType);
  return reply
    .header("content-type", file.mimeType)
    .header("content-length", size)
    .header("content-disposition", `${inline ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .header("cache-control", "private, max-age=3600")
    .send(createReadStream(path));
}
