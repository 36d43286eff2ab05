import { AppError } from "../../core/app-error.js";
import { OutboundGuard } from "../../core/outbound-guard.js";
import { postOutbound } from "../../core/outbound-post.js";
import type { Config } from "../../config.js";

/** The AI server an install names in its environment (decision 0094); null while the assistant is off. */
export interface AiServer {
  url: string;
  key: string;
  model: string;
  timeoutMs: number;
}

export function aiServerOf(config: Config): AiServer | null {
  if (!config.AI_API_URL || !config.AI_API_KEY || !config.AI_MODEL) return null;
  return { url: config.AI_API_URL, key: config.AI_API_KEY, model: config.AI_MODEL, timeoutMs: config.AI_TIMEOUT_SECONDS * 1000 };
}

export interface ChatTurn {
  role: "system" | "user";
  content: string;
}

/** What the server answered: the first choice's text, and the tokens it counted when it says. */
export interface Completion {
  text: string;
  tokens: number | null;
}

/**
 * The operator's own server (often a local one: Ollama, vLLM), named in the environment rather
 * than on a screen, so private addresses are allowed; the POST still has its timeout and bound.
 */
const operatorChosen = new OutboundGuard({ allowPrivate: true });

/** Why a call failed, for the log (never the key). */
export class CompletionFailure extends AppError {
  constructor(readonly reason: string) {
    super("ERR_ASSISTANT_UNAVAILABLE");
  }
}

/** Reads an OpenAI chat completion's answer; undefined for anything else. */
function readCompletion(text: string): Completion | undefined {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return undefined;
  }
  const body = answer as { choices?: Array<{ message?: { content?: unknown } }>; usage?: { total_tokens?: unknown } };
  const content = body?.choices?.[0]?.message?.content;
  if (typeof content !== "string" || content.trim() === "") return undefined;
  const tokens = body.usage?.total_tokens;
  return { text: content.trim(), tokens: typeof tokens === "number" && Number.isInteger(tokens) ? tokens : null };
}

/**
 * `POST {url}/chat/completions` `{model, messages}` with the bearer key, the whole exchange
 * bounded by the timeout. Every failure (unreachable, timeout, 401, 5xx, not a completion) is a
 * CompletionFailure, which answers 502 ERR_ASSISTANT_UNAVAILABLE.
 */
export async function complete(server: AiServer, messages: readonly ChatTurn[]): Promise<Completion> {
  let answer;
  try {
    answer = await postOutbound(
      `${server.url}/chat/completions`,
      { "content-type": "application/json", authorization: `Bearer ${server.key}` },
      JSON.stringify({ model: server.model, messages }),
      { timeoutMs: server.timeoutMs, guard: operatorChosen },
    );
  } catch (error) {
    throw new CompletionFailure(error instanceof Error ? error.message : String(error));
  }
  if (answer.status < 200 || answer.status > 299) throw new CompletionFailure(`HTTP ${answer.status}`);
  const completion = readCompletion(answer.text);
  if (!completion) throw new CompletionFailure("not a chat completion");
  return completion;
}
