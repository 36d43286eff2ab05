import { botWebhookAnswer } from "@atendo/contracts";
import type { OutboundGuard } from "../../core/outbound-guard.js";
import { postOutbound } from "../../core/outbound-post.js";
import { signature } from "../../core/webhook-signature.js";
import type { BotRow } from "./bot.presenter.js";
import type { BotReply, BotTurn } from "./bot-reply.js";

/**
 * Atendo's bot contract (docs/decisions/0092): POSTs `{ticketId, contact, message}` signed as the
 * API channel's webhooks (X-Atendo-Signature), and reads `{messages: [{body}], action?}`. Throws
 * on a timeout, a non-2xx or an answer that is not the contract (the caller hands over).
 */
export async function askWebhookBot(bot: BotRow, turn: BotTurn, guard: OutboundGuard): Promise<BotReply> {
  const rawBody = JSON.stringify({ ticketId: turn.ticketId, contact: turn.contact, message: turn.message });
  const headers = { "content-type": "application/json", "user-agent": "Atendo-Bot/1", "x-atendo-signature": signature(bot.secret, rawBody) };
  const { status, text } = await postOutbound(bot.url, headers, rawBody, { timeoutMs: bot.timeoutSeconds * 1000, guard });
  if (status < 200 || status > 299) throw new Error(`bot answered HTTP ${status}`);
  const answer = botWebhookAnswer.parse(JSON.parse(text === "" ? "{}" : text));
  return { texts: answer.messages.map((message) => message.body).filter((body) => body.trim() !== ""), action: answer.action };
}
