import { z } from "zod";
import { timestamps } from "./common.js";
import { destination, destinationInput, destinationKinds } from "./destinations.js";
import { entityEvent } from "./entity-event.js";
import { limits } from "./limits.js";

/**
 * A bot a conversation talks with before (or instead of) a person (issue 33, docs/decisions/0092):
 * `webhook`, Atendo's own signed contract, or `typebot`, Typebot's chat API (v1).
 */
export const botKinds = ["webhook", "typebot"] as const;
export type BotKind = (typeof botKinds)[number];

/** The words a customer writes to ask for a person when a bot says none. */
export const defaultBotKeywords = ["atendente", "agent"] as const;

/**
 * A bot as the API shows it. The secret is never sent back: `secretHint` shows its last four
 * characters (`••••ab12`), enough to tell which one is stored.
 */
export const bot = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(botKinds),
  /** webhook: the URL Atendo POSTs to; typebot: the Typebot server (its viewer), and `typebotId`. */
  url: z.string(),
  /** typebot: the bot's public id on that server; "" for a webhook bot. */
  typebotId: z.string(),
  secretHint: z.string(),
  timeoutSeconds: z.number().int(),
  /** Whole-message words that hand the conversation over (case and accents aside). */
  keywords: z.array(z.string()),
  /** Where the conversation goes when the bot times out, fails, or its keyword is written. */
  fallback: destination,
  ...timestamps,
});
export type Bot = z.infer<typeof bot>;

const botUrl = z.string().trim().max(2000).pipe(z.url({ protocol: /^https?$/ }));
const keyword = z.string().trim().min(1).max(limits.botKeywordMax);

/** The fallback in a request body: the id may come as a form value (`"2"`). */
const fallback = destinationInput;

const botFields = {
  name: z.string().trim().min(limits.name.min).max(limits.name.max),
  kind: z.enum(botKinds),
  url: botUrl,
  typebotId: z.string().trim().max(200).default(""),
  timeoutSeconds: z.coerce.number().int().min(limits.botTimeoutSeconds.min).max(limits.botTimeoutSeconds.max).default(limits.botTimeoutSeconds.default),
  keywords: z.array(keyword).max(limits.botKeywordsMax).default([...defaultBotKeywords]),
  fallback,
};

/**
 * POST /bots (admins): name (unique regardless of case, 409 ERR_BOT_NAME_EXISTS), kind, url,
 * secret, timeout (1–30 s), keywords (default "atendente", "agent") and the fallback destination,
 * which must exist (404 ERR_NO_DESTINATION_FOUND). A typebot needs its `typebotId`.
 */
export const createBotBody = z
  .object({ ...botFields, secret: z.string().trim().min(1).max(1000) })
  .refine((body) => body.kind !== "typebot" || body.typebotId !== "", { message: "a typebot needs its public id", path: ["typebotId"] });
export type CreateBotBody = z.input<typeof createBotBody>;

/** PUT /bots/{id} (admins): the whole form; a secret left out or empty keeps the stored one. */
export const updateBotBody = z
  .object({ ...botFields, secret: z.string().trim().max(1000).optional() })
  .refine((body) => body.kind !== "typebot" || body.typebotId !== "", { message: "a typebot needs its public id", path: ["typebotId"] });
export type UpdateBotBody = z.input<typeof updateBotBody>;

/** `bot` socket event (admins). */
export const botEvent = entityEvent("bot", bot);
export type BotEvent = z.infer<typeof botEvent>;

/** What Atendo POSTs to a webhook bot for each customer message, signed in `X-Atendo-Signature`. */
export const botWebhookRequest = z.object({
  ticketId: z.number(),
  contact: z.object({ name: z.string(), number: z.string() }),
  message: z.object({ body: z.string(), mediaType: z.string() }),
});
export type BotWebhookRequest = z.infer<typeof botWebhookRequest>;

/** What a bot does besides answering: hand the conversation over, or close it. */
export const botAction = z.discriminatedUnion("type", [
  z.object({ type: z.literal("handoff"), destinationType: z.enum(destinationKinds), destinationTypeId: z.coerce.number().int() }),
  z.object({ type: z.literal("close") }),
]);
export type BotAction = z.infer<typeof botAction>;

/** A webhook bot's answer: its messages (sent in order as automatic messages) and maybe an action. */
export const botWebhookAnswer = z.object({
  messages: z.array(z.object({ body: z.string().max(limits.messageBodyMax) })).max(20).default([]),
  action: botAction.optional(),
});
export type BotWebhookAnswer = z.infer<typeof botWebhookAnswer>;
