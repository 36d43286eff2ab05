import { z } from "zod";
import { limits } from "./limits.js";

/**
 * What the assistant does in a ticket (docs/decisions/0094): summarise the conversation, suggest
 * the next reply, translate a message into the user's language, improve the tone of a draft.
 */
export const assistantActions = ["summarize", "suggestReply", "translate", "improve"] as const;
export type AssistantAction = (typeof assistantActions)[number];

/** The actions that work on a text the user gives (a message's body, the composer's draft). */
export const assistantTextActions: readonly AssistantAction[] = ["translate", "improve"];

/**
 * POST /tickets/{id}/assist, for who may see the ticket. `text` is required for `translate` and
 * `improve` (at most `limits.assistant.textMax`), ignored otherwise; `language` is the user's app
 * language, which a translation is written in (default en). Answers `{ text }`.
 * 404 `ERR_ASSISTANT_OFF` while the assistant is off (no AI_* variables, or the ticket's queue
 * turned it off); 502 `ERR_ASSISTANT_UNAVAILABLE` when the AI server fails, times out or answers
 * what is not a chat completion.
 */
export const assistBody = z
  .object({
    action: z.enum(assistantActions),
    text: z.string().trim().min(1).max(limits.assistant.textMax).optional(),
    language: z.enum(["en", "pt", "es"]).default("en"),
  })
  .refine((body) => !assistantTextActions.includes(body.action) || body.text !== undefined, { message: "text is required for translate and improve", path: ["text"] });
export type AssistBody = z.input<typeof assistBody>;

export const assistResponse = z.object({ text: z.string() });
export type AssistResponse = z.infer<typeof assistResponse>;

/**
 * GET /assistant (signed-in users): whether the install has an assistant, and the queues whose
 * admin turned it off (their tickets show no assistant buttons).
 */
export const assistantStatus = z.object({ enabled: z.boolean(), offQueueIds: z.array(z.number()) });
export type AssistantStatus = z.infer<typeof assistantStatus>;
