import type { Message, MessageMediaType, sendMessageBody } from "@atendo/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { announceMessages, messageContactOf } from "../../channels/pipeline/announce.js";
import { deliverOutbound } from "../../channels/pipeline/outbound.js";
import type { AppContext } from "../../context.js";
import { messages, tickets } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { assertCanWriteTicket } from "../tickets/ticket.policy.js";
import { findTicketRow, type TicketRow } from "../tickets/tickets.repo.js";
import { presentMessages } from "./message.presenter.js";
import { presentTicket } from "../tickets/ticket.presenter.js";
import type { Upload } from "./uploads.js";

type SendText = z.output<typeof sendMessageBody>;

/** An outgoing message before it is stored. */
export interface Draft {
  body: string;
  mediaType: MessageMediaType;
  mediaName?: string;
  mimeType?: string;
  fileName?: string;
  quotedMsgId?: number;
  isForwarded?: boolean;
}

/** A reply may quote only a message of the same contact on the same connection (spec §4). */
async function quotedIdFor(ctx: AppContext, ticket: TicketRow, quotedId: number | undefined): Promise<number | undefined> {
  if (quotedId === undefined) return undefined;
  const [row] = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .where(and(eq(messages.id, quotedId), eq(messages.connectionId, ticket.connectionId), eq(tickets.contactId, ticket.contactId)))
    .limit(1);
  if (!row) throw new AppError("ERR_NO_MESSAGE_FOUND");
  return row.id;
}

/**
 * Stores the outgoing messages first (ack 0, shown at once, due for dispatch in the same insert:
 * a crash before the hand-over leaves them to the recovery sweep), then hands each to the driver. If
 * one cannot be delivered it is marked failed (visible) and its error (ERR_SENDING_WAPP_MSG,
 * ERR_WAPP_NOT_INITIALIZED…) is returned as `failure`; the others still go.
 */
export async function storeOutgoing(
  ctx: AppContext,
  actor: Actor,
  ticket: TicketRow,
  drafts: readonly Draft[],
): Promise<{ messages: Message[]; failure: AppError | null }> {
  const now = new Date();
  const rows = await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(messages)
      .values(drafts.map((draft) => ({ ...draft, ticketId: ticket.id, connectionId: ticket.connectionId, fromMe: true, read: true, userId: actor.id, createdAt: now, dispatchAt: now })))
      .returning();
    const last = drafts.at(-1);
    await tx
      .update(tickets)
      .set({ lastMessage: last?.body || last?.fileName || "", updatedAt: now })
      .where(eq(tickets.id, ticket.id));
    return inserted;
  });
  await announceMessages(ctx, { ticket, created: false, reopened: null }, rows);
  let failure: AppError | null = null;
  for (const row of rows) failure = (await deliverOutbound(ctx, row.id)) ?? failure;
  const sent = await ctx.db.select().from(messages).where(inArray(messages.id, rows.map((row) => row.id))).orderBy(messages.id);
  return { messages: await presentMessages(ctx.db, sent, messageContactOf(await presentTicket(ctx.db, ticket.id))), failure };
}

/** storeOutgoing for one request: a delivery failure becomes the call's answer. */
async function storeAndDeliver(ctx: AppContext, actor: Actor, ticket: TicketRow, drafts: readonly Draft[]): Promise<Message[]> {
  const { messages: stored, failure } = await storeOutgoing(ctx, actor, ticket, drafts);
  if (failure) throw failure;
  return stored;
}

/** The ticket a user is about to write in, checked before any upload is read. */
export async function ticketToWrite(ctx: AppContext, actor: Actor, ticketId: number): Promise<TicketRow> {
  const ticket = await findTicketRow(ctx.db, ticketId);
  await assertCanWriteTicket(ctx.db, actor, ticket);
  return ticket;
}

/** POST /messages/{ticketId} as JSON: a text, optionally quoting a message. */
export async function sendText(ctx: AppContext, actor: Actor, ticket: TicketRow, input: SendText): Promise<Message[]> {
  const quotedMsgId = await quotedIdFor(ctx, ticket, input.quotedMsg?.id);
  return storeAndDeliver(ctx, actor, ticket, [{ body: input.body, mediaType: "chat", quotedMsgId }]);
}

/**
 * POST /messages/{ticketId} as multipart: one message per file, the body as the first file's
 * caption. Call after ticketToWrite: the files get their final unique names here.
 */
export async function sendFiles(ctx: AppContext, actor: Actor, ticket: TicketRow, files: readonly Upload[], caption: string): Promise<Message[]> {
  const drafts: Draft[] = [];
  for (const [index, file] of files.entries()) {
    const mediaName = await ctx.media.keepTemporary(file.tempPath, file.kind.extension);
    drafts.push({
      body: index === 0 && caption ? caption : file.fileName,
      mediaType: file.kind.mediaType,
      mediaName,
      mimeType: file.kind.mimeType,
      fileName: file.fileName,
    });
  }
  return storeAndDeliver(ctx, actor, ticket, drafts);
}
