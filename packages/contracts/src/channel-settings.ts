import { z } from "zod";
import { queueColor } from "./queues.js";

/**
 * What each further kind of connection needs besides the common fields (issue 32,
 * docs/decisions/0088). Secrets are write-only once saved: the admin's view says whether one is
 * set (`…Set`), never its value; an update that leaves a secret out keeps the stored one.
 */

/** A Meta id (phone number id, business account id): digits. */
const metaId = z.string().trim().regex(/^\d{1,32}$/, "digits only");
const secret = z.string().trim().min(1).max(1000);

/** WhatsApp Cloud API (`whatsapp_cloud`): the business number's ids and the app's secrets. */
export const cloudSettingsInput = z.object({
  phoneNumberId: metaId,
  businessAccountId: metaId,
  /** The system user's access token: sent as `Authorization: Bearer` to the Graph API. */
  accessToken: secret,
  /** The app secret: checks `X-Hub-Signature-256` on every webhook POST. */
  appSecret: secret,
  /** What Meta's webhook verification sends back (`hub.verify_token`), chosen by the admin. */
  verifyToken: z.string().trim().min(8).max(200),
});
export type CloudSettingsInput = z.input<typeof cloudSettingsInput>;
/** PUT: each field given replaces the stored one; a secret left out is kept. */
export const cloudSettingsUpdate = cloudSettingsInput.partial();
export const cloudSettingsView = z.object({
  phoneNumberId: z.string(),
  businessAccountId: z.string(),
  accessTokenSet: z.boolean(),
  appSecretSet: z.boolean(),
  verifyTokenSet: z.boolean(),
  /** Where Meta's webhook must point, under the install's public address. */
  webhookPath: z.string(),
});
export type CloudSettingsView = z.infer<typeof cloudSettingsView>;

/** Each pre-chat field of the website widget: not asked, asked, or required before the first message. */
export const preChatModes = ["off", "optional", "required"] as const;
export type PreChatMode = (typeof preChatModes)[number];

/** A web origin: scheme, host and port only (`https://shop.example.com`), kept lower case without a trailing slash. */
export const webOrigin = z
  .string()
  .trim()
  .max(200)
  .transform((value) => value.replace(/\/+$/, "").toLowerCase())
  .pipe(z.string().regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/, "an origin like https://example.com"));

const webchatFields = {
  /** The sites that may embed the widget (others are refused); at least one. */
  allowedOrigins: z.array(webOrigin).min(1).max(20),
  color: queueColor,
  /** Empty: the widget shows the connection's name. */
  title: z.string().trim().max(60),
  greeting: z.string().trim().max(500),
  preChat: z.object({ name: z.enum(preChatModes), email: z.enum(preChatModes), phone: z.enum(preChatModes) }),
};

/** Website chat widget (`webchat`): how the bubble looks and what it asks first. */
export const webchatSettingsInput = z.object({
  allowedOrigins: webchatFields.allowedOrigins,
  color: webchatFields.color.default("#1976D2"),
  title: webchatFields.title.default(""),
  greeting: webchatFields.greeting.default(""),
  preChat: webchatFields.preChat.default({ name: "optional", email: "off", phone: "off" }),
});
export type WebchatSettingsInput = z.input<typeof webchatSettingsInput>;
export const webchatSettingsUpdate = z.object(webchatFields).partial();
export const webchatSettingsView = z.object({
  ...webchatFields,
  /** The public key the embed snippet names (`data-atendo`). */
  widgetKey: z.string(),
});
export type WebchatSettingsView = z.infer<typeof webchatSettingsView>;
export type WebchatSettings = Omit<WebchatSettingsView, "widgetKey">;

/** Telegram (`telegram`): the bot's token from @BotFather. */
export const telegramSettingsInput = z.object({
  botToken: z
    .string()
    .trim()
    .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, "a bot token like 123456:ABC…"),
});
export type TelegramSettingsInput = z.input<typeof telegramSettingsInput>;
export const telegramSettingsUpdate = telegramSettingsInput.partial();
export const telegramSettingsView = z.object({
  /** The bot's @username once the token was checked (getMe); null before. */
  botUsername: z.string().nullable(),
  botTokenSet: z.boolean(),
});
export type TelegramSettingsView = z.infer<typeof telegramSettingsView>;

/** The admin's view of the kind's settings; null on connections of other kinds. */
export const channelSettingsViews = {
  cloud: cloudSettingsView.nullable(),
  webchat: webchatSettingsView.nullable(),
  telegram: telegramSettingsView.nullable(),
};
