import type { Message, sendMessageBody } from "@atendo/contracts";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { messages, tickets } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { assertCanWriteTicket, canSeeTicket } from "../tickets/ticket.policy.js";
import { findTicketRow, type TicketRow } from "../tickets/tickets.repo.js";
import { assertFreeTextAllowed } from "../cloud/service-window.js";
import { sendingConnection } from "./delivery/outgoing.repo.js";
import { sendOutgoing, type Draft } from "./delivery/outgoing.service.js";
import { signedForChannel } from "./signature.js";
import { keepUploads, type Upload } from "./uploads.js";

type SendText = z.output<typeof sendMessageBody>;

/**
 * A reply may quote only a message of the same contact on the same connection (spec §4), in a
 * ticket the sender may see (seesTicket, as for reading it): the quote's text is shown in the
 * reply and stored with it, so quoting must not read what GET /messages would refuse. A message
 * of a ticket the sender may not see answers as a missing one, so ids cannot be probed.
 */
async function quotedIdFor(ctx: AppContext, actor: Actor, ticket: TicketRow, quotedId: number | undefined): Promise<number | undefined> {
  if (quotedId === undefined || ticket.contactId === null) return undefined;
  const [row] = await ctx.db
    .select({ id: messages.id, ticket: { id: tickets.id, status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, uraId: tickets.uraId, botId: tickets.botId } })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .where(and(eq(messages.id, quotedId), eq(messages.connectionId, sendingConnection(ticket)), eq(tickets.contactId, ticket.contactId)))
    .limit(1);
  if (!row || !(await canSeeTicket(ctx.db, actor, row.ticket))) throw new AppError("ERR_NO_MESSAGE_FOUND");
  return row.id;
}

/**
 * An attendant's messages through the outgoing writer (stored, shown at once, handed to the
 * channel). If one cannot be delivered it is marked failed (visible) and its error
 * (ERR_SENDING_WAPP_MSG, ERR_WAPP_NOT_INITIALIZED…) becomes the call's answer; the others still go.
 */
async function storeAndDeliver(ctx: AppContext, actor: Actor, ticket: TicketRow, drafts: readonly Draft[]): Promise<Message[]> {
  // A WhatsApp Cloud API customer who last wrote over 24 hours ago can be sent only a template (decision 0089).
  await assertFreeTextAllowed(ctx.db, ticket);
  const { drafts: forChannel, signature } = await signedForChannel(ctx, { name: actor.name, extension: actor.extension }, ticket.connectionId, drafts);
  const { messages: stored, failure } = await sendOutgoing(ctx, ticket, forChannel, { userId: actor.id, lastMessage: true, signature });
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
  const quotedMsgId = await quotedIdFor(ctx, actor, ticket, input.quotedMsg?.id);
  return storeAndDeliver(ctx, actor, ticket, [{ body: input.body, mediaType: "chat", quotedMsgId }]);
}

/**
 * POST /messages/{ticketId} as multipart: one message per file, the body as the first file's
 * caption. Call after ticketToWrite: the files get their final unique names here.
 */
export async function sendFiles(ctx: AppContext, actor: Actor, ticket: TicketRow, files: readonly Upload[], caption: string): Promise<Message[]> {
  return storeAndDeliver(ctx, actor, ticket, await keepUploads(ctx, files, caption));
}
