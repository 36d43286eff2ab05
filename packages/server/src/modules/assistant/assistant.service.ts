import type { assistBody} from "@atendo/contracts";
import { limits, type AssistantStatus, type AssistResponse } from "@atendo/contracts";
import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { assistantUses, messages, queues } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { assertCanSeeTicket } from "../tickets/ticket.policy.js";
import { findTicketRow } from "../tickets/tickets.repo.js";
import { transcriptOf, promptOf } from "./assistant-prompts.js";
import { aiServerOf, complete, CompletionFailure, type Completion } from "./chat-completion.js";

type Assist = z.output<typeof assistBody>;

/** GET /assistant: on when the AI server is configured; the queues whose admin turned it off. */
export async function assistantStatus(ctx: AppContext): Promise<AssistantStatus> {
  if (!aiServerOf(ctx.config)) return { enabled: false, offQueueIds: [] };
  const off = await ctx.db.select({ id: queues.id }).from(queues).where(eq(queues.assistantEnabled, false)).orderBy(queues.id);
  return { enabled: true, offQueueIds: off.map((row) => row.id) };
}

/**
 * The ticket's conversation as the user reads it (decision 0094): its newest messages, not the
 * deleted ones, never its private notes nor another ticket's messages.
 */
async function conversationOf(ctx: AppContext, ticketId: number): Promise<string> {
  const rows = await ctx.db
    .select({ fromMe: messages.fromMe, body: messages.body, mediaType: messages.mediaType, senderName: messages.senderName })
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.isDeleted, false)))
    .orderBy(desc(messages.id))
    .limit(limits.assistant.messagesMax);
  return transcriptOf(rows.reverse(), limits.assistant.conversationCharsMax);
}

/**
 * POST /tickets/{id}/assist: for who may see the ticket (the same refusal as opening it), while
 * the assistant is on for its queue. Sends the model only that ticket's visible conversation (a
 * summary, a suggestion) or the text given (a translation, an improvement); every call is recorded.
 */
export async function assist(ctx: AppContext, actor: Actor, ticketId: number, body: Assist): Promise<AssistResponse> {
  const server = aiServerOf(ctx.config);
  if (!server) throw new AppError("ERR_ASSISTANT_OFF");
  const ticket = await findTicketRow(ctx.db, ticketId);
  await assertCanSeeTicket(ctx.db, actor, ticket);
  if (ticket.queueId !== null) {
    const [queue] = await ctx.db.select({ on: queues.assistantEnabled }).from(queues).where(eq(queues.id, ticket.queueId)).limit(1);
    if (queue && !queue.on) throw new AppError("ERR_ASSISTANT_OFF");
  }
  const content = body.text !== undefined && (body.action === "translate" || body.action === "improve") ? body.text : await conversationOf(ctx, ticketId);
  if (content === "") return record(ctx, actor, ticketId, body, { text: "", tokens: null });
  let completion: Completion;
  try {
    completion = await complete(server, promptOf(body.action, body.language, content));
  } catch (error) {
    if (error instanceof CompletionFailure) ctx.log.warn({ ticketId, action: body.action, reason: error.reason }, "the assistant's AI server failed");
    await record(ctx, actor, ticketId, body, null);
    throw error;
  }
  return record(ctx, actor, ticketId, body, completion);
}

/** One row per use, answered or not: who, which ticket, which action, the tokens counted. */
async function record(ctx: AppContext, actor: Actor, ticketId: number, body: Assist, completion: Completion | null): Promise<AssistResponse> {
  await ctx.db.insert(assistantUses).values({ userId: actor.id, ticketId, action: body.action, ok: completion !== null, tokens: completion?.tokens ?? null });
  return { text: completion?.text ?? "" };
}
