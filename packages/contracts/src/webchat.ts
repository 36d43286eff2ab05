import { z } from "zod";
import { preChatModes } from "./channel-settings.js";
import { messageMediaTypes } from "./messages.js";

/**
 * The website chat widget's public API (`/api/webchat/{widgetKey}/…`, docs/decisions/0090): what
 * widget.js reads and sends on a visitor's behalf. Every call names the widget by its public key,
 * comes from one of the connection's allowed origins, and (but the first two) carries the
 * visitor's signed token.
 */
export const widgetKeyParam = z.object({ widgetKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

/** What the widget shows before anyone writes: its look, the pre-chat form, and whether the team is in. */
export const webchatConfig = z.object({
  title: z.string(),
  color: z.string(),
  greeting: z.string(),
  preChat: z.object({ name: z.enum(preChatModes), email: z.enum(preChatModes), phone: z.enum(preChatModes) }),
  /** Within the connection's business hours now (always true without hours). */
  open: z.boolean(),
  /** The connection's out-of-hours message, shown while closed (empty: none). */
  outOfHoursMessage: z.string(),
});
export type WebchatConfig = z.infer<typeof webchatConfig>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === "" ? undefined : value));

/** The pre-chat form: each field checked against the widget's off/optional/required. */
export const visitorStartBody = z.object({
  name: optionalText(80),
  email: optionalText(200).pipe(z.email().optional()),
  phone: optionalText(25).pipe(z.string().regex(/^\+?[0-9][0-9 ().-]{5,24}$/, "a phone number").optional()),
});
export type VisitorStartBody = z.input<typeof visitorStartBody>;

/** A visitor's session: the token the widget keeps (localStorage) and sends as `Authorization: Bearer`. */
export const visitorSession = z.object({ token: z.string(), visitorId: z.number().int() });
export type VisitorSession = z.infer<typeof visitorSession>;

/** One message of the visitor's own conversation, as the widget shows it. */
export const visitorMessage = z.object({
  id: z.number().int(),
  body: z.string(),
  /** Written by the team (an attendant, a greeting), not by the visitor. */
  fromMe: z.boolean(),
  mediaType: z.enum(messageMediaTypes),
  /** The file's name under /api/webchat/{key}/media/{mediaName}; null without a file. */
  mediaName: z.string().nullable(),
  fileName: z.string().nullable(),
  createdAt: z.string(),
});
export type VisitorMessage = z.infer<typeof visitorMessage>;

export const visitorMessagesQuery = z.object({ before: z.coerce.number().int().positive().optional() });
export const visitorMessagePage = z.object({ messages: z.array(visitorMessage), hasMore: z.boolean() });
export type VisitorMessagePage = z.infer<typeof visitorMessagePage>;

export const visitorSendBody = z.object({ body: z.string().trim().min(1).max(4096) });

export const visitorMediaParams = widgetKeyParam.extend({ name: z.string().max(200) });

/** The visitor socket namespace and its one event: a message of the conversation (either side). */
export const visitorSocketNamespace = "/visitors";
