import type { ForwardMessagesBody, ForwardResult, Message, MessageMediaType } from "@atendo/contracts";
import { asc, inArray } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { messages, tickets } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import type { MessageRow } from "../messages/message.presenter.js";
import { sendOutgoing, type Draft } from "../messages/delivery/outgoing.service.js";
import { assertCanSeeTicket, assertCanWriteTicket } from "../tickets/ticket.policy.js";
import type { TicketRow } from "../tickets/tickets.repo.js";

/** The messages to forward, oldest first, each from a ticket the actor may see; none deleted. */
async function sourcesFor(ctx: AppContext, actor: Actor, ids: readonly number[]): Promise<MessageRow[]> {
  const rows = await ctx.db.select().from(messages).where(inArray(messages.id, [...ids])).orderBy(asc(messages.id));
  if (rows.length !== ids.length) throw new AppError("ERR_NO_MESSAGE_FOUND");
  const ticketIds = [...new Set(rows.map((row) => row.ticketId))];
  const sourceTickets = await ctx.db.select().from(tickets).where(inArray(tickets.id, ticketIds));
  for (const ticket of sourceTickets) await assertCanSeeTicket(ctx.db, actor, ticket);
  // What was deleted for everyone must not come back through a forward (spec §4).
  if (rows.some((row) => row.isDeleted)) throw new AppError("ERR_NO_PERMISSION");
  return rows;
}

/** The tickets to forward to, in the order asked, each one the actor may write in. */
async function targetsFor(ctx: AppContext, actor: Actor, ids: readonly number[]): Promise<TicketRow[]> {
  const rows = await ctx.db.select().from(tickets).where(inArray(tickets.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const targets = ids.map((id) => byId.get(id));
  if (targets.some((t) => t === undefined)) throw new AppError("ERR_NO_TICKET_FOUND");
  for (const target of targets as TicketRow[]) await assertCanWriteTicket(ctx.db, actor, target);
  return targets as TicketRow[];
}

/** A greeting or farewell forwarded by an attendant is the attendant's text, not an automatic one. */
function forwardedType(type: MessageMediaType): MessageMediaType {
  return type === "chat-automatic" ? "chat" : type;
}

/**
 * The copies for one target. Files are shared by hard link under new names (no bytes copied):
 * each name belongs to one message, whose ticket decides who may fetch it. Links made before a
 * missing file are removed again.
 */
async function draftsFor(ctx: AppContext, sources: readonly MessageRow[]): Promise<Draft[]> {
  const drafts: Draft[] = [];
  try {
    for (const source of sources) {
      const mediaName = source.mediaName ? await ctx.media.linkCopy(source.mediaName) : undefined;
      drafts.push({
        body: source.body,
        mediaType: forwardedType(source.mediaType),
        ...(mediaName ? { mediaName, mimeType: source.mimeType ?? undefined, fileName: source.fileName ?? undefined } : {}),
        isForwarded: true,
      });
    }
  } catch (error) {
    await discardFiles(ctx, drafts);
    ctx.log.warn({ err: error }, "a forwarded message's file is missing");
    throw new AppError("ERR_NOT_FOUND");
  }
  return drafts;
}

async function discardFiles(ctx: AppContext, drafts: readonly Draft[]): Promise<void> {
  for (const draft of drafts) if (draft.mediaName) await ctx.media.remove(draft.mediaName);
}

/**
 * POST /forwardmessage/tickets: every rule is checked before anything is written. Then each
 * target gets its copies through the outgoing writer (stored, announced, handed to its driver).
 * A target whose channel fails keeps its copies marked failed, the other targets still get
 * theirs, and the call answers the first channel error (as POST /messages does).
 */
export async function forwardMessages(ctx: AppContext, actor: Actor, body: ForwardMessagesBody): Promise<ForwardResult> {
  const sources = await sourcesFor(ctx, actor, [...new Set(body.messageIds)]);
  const targets = await targetsFor(ctx, actor, [...new Set(body.ticketIds)]);
  const forwarded: Message[] = [];
  let failure: AppError | null = null;
  for (const target of targets) {
    const drafts = await draftsFor(ctx, sources);
    const sent = await sendOutgoing(ctx, target, drafts, { userId: actor.id, lastMessage: true }).catch(async (error: unknown) => {
      await discardFiles(ctx, drafts);
      throw error;
    });
    forwarded.push(...sent.messages);
    failure ??= sent.failure;
  }
  if (failure) throw failure;
  return { messages: forwarded };
}
