import { z } from "zod";
import type { OutboundGuard } from "../../core/outbound-guard.js";
import { postOutbound } from "../../core/outbound-post.js";
import type { BotRow } from "./bot.presenter.js";
import type { BotReply, BotTurn } from "./bot-reply.js";

/** What Atendo reads of Typebot's chat answers (API v1): its text bubbles, the session, whether it waits for an input. */
const typebotAnswer = z.object({
  sessionId: z.string().optional(),
  messages: z
    .array(z.object({ type: z.string(), content: z.object({ markdown: z.string().optional() }).loose().optional() }).loose())
    .default([]),
  input: z.unknown().optional(),
});

/**
 * Typebot's chat API, v1 (docs/decisions/0092): the first message starts a session
 * (`POST {url}/api/v1/typebots/{publicId}/startChat`), the next ones continue it
 * (`POST {url}/api/v1/sessions/{sessionId}/continueChat`), each with `{message}` and the text
 * bubbles asked as markdown. The secret, when set, is the API token (`Authorization: Bearer`). A
 * flow that ends (no input awaited) hands the conversation to the bot's fallback.
 */
export async function askTypebot(bot: BotRow, turn: BotTurn, guard: OutboundGuard): Promise<BotReply> {
  const base = bot.url.replace(/\/+$/, "");
  const url =
    turn.session === null
      ? `${base}/api/v1/typebots/${encodeURIComponent(bot.typebotId)}/startChat`
      : `${base}/api/v1/sessions/${encodeURIComponent(turn.session)}/continueChat`;
  const rawBody = JSON.stringify({ message: { type: "text", text: turn.message.body }, textBubbleContentFormat: "markdown" });
  const headers: Record<string, string> = { "content-type": "application/json", "user-agent": "Atendo-Bot/1" };
  if (bot.secret.trim() !== "") headers.authorization = `Bearer ${bot.secret}`;
  const { status, text } = await postOutbound(url, headers, rawBody, { timeoutMs: bot.timeoutSeconds * 1000, guard });
  if (status < 200 || status > 299) throw new Error(`Typebot answered HTTP ${status}`);
  const answer = typebotAnswer.parse(JSON.parse(text));
  const texts = answer.messages.flatMap((message) => (message.type === "text" && message.content?.markdown?.trim() ? [message.content.markdown.trim()] : []));
  const session = answer.sessionId ?? turn.session ?? undefined;
  return { texts, session, ...(answer.input === undefined ? { action: { type: "fallback" as const } } : {}) };
}
