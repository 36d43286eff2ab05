import type { Message } from "@atendo/contracts";
import type { AppContext } from "../../context.js";
import { asksForPerson } from "./bot-keywords.js";
import { applyReply } from "./bot-answer.js";
import type { BotReply, BotTurn } from "./bot-reply.js";
import { claimCall, loadStage, type Stage } from "./bot-stage.js";
import { askTypebot } from "./typebot-bot.js";
import { askWebhookBot } from "./webhook-bot.js";

/** Another call to the ticket's bot is under way: the outbox tries this message again after it. */
export class BotBusy extends Error {
  constructor(ticketId: number) {
    super(`a bot call for ticket ${ticketId} is under way`);
  }
}

/** The bot's answer; a timeout, an error or an answer off the contract hands over to its fallback. */
async function ask(ctx: AppContext, stage: Stage, turn: BotTurn): Promise<BotReply> {
  try {
    const asker = stage.bot.kind === "typebot" ? askTypebot : askWebhookBot;
    return await asker(stage.bot, turn, ctx.webhookGuard);
  } catch (error) {
    ctx.log.warn({ err: error, botId: stage.bot.id, ticketId: stage.ticket.id }, "the bot did not answer; the conversation goes to its fallback");
    return { texts: [], action: { type: "fallback" } };
  }
}

/**
 * One customer message to a ticket in a bot's stage (docs/decisions/0092): a keyword hands the
 * conversation over at once; otherwise the ticket is taken for one call (BotBusy while another
 * holds it), the bot is asked outside any transaction, and its reply is written only if the
 * ticket still waits in its stage. Nothing happens for a ticket that left the stage.
 */
export async function answerByBot(ctx: AppContext, ticketId: number, message: Pick<Message, "body" | "mediaType">): Promise<void> {
  const stage = await loadStage(ctx.db, ticketId);
  if (!stage) return;
  if (asksForPerson(message.body, stage.bot.keywords)) {
    await applyReply(ctx, stage, { texts: [], action: { type: "fallback" } }, new Date());
    return;
  }
  const claimed = await claimCall(ctx.db, stage, new Date());
  if (!claimed) {
    if (await loadStage(ctx.db, ticketId).then((again) => again?.bot.id === stage.bot.id)) throw new BotBusy(ticketId);
    return;
  }
  const turn: BotTurn = { ticketId, contact: stage.contact, message: { body: message.body, mediaType: message.mediaType }, session: claimed.session };
  const reply = await ask(ctx, stage, turn);
  const written = await applyReply(ctx, stage, reply, new Date());
  if (!written) ctx.log.info({ botId: stage.bot.id, ticketId }, "the bot's late reply was dropped: the conversation left its stage");
}
