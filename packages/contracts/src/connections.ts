import { z } from "zod";
import { entityName, looseId, timestamps } from "./common.js";
import { normalizeNumber } from "./contacts.js";
import { businessHoursFields, destination, destinationKinds, type Destination } from "./destinations.js";
import { limits } from "./limits.js";
import { connectionPace, type ConnectionPace } from "./pace.js";
import { channelSettingsViews, cloudSettingsInput, cloudSettingsUpdate, telegramSettingsInput, telegramSettingsUpdate, webchatSettingsInput, webchatSettingsUpdate } from "./channel-settings.js";
import { connectionSurvey } from "./survey.js";

/**
 * How a connection talks to customers: WhatsApp (Baileys), the generic HTTP API channel, the
 * official WhatsApp Cloud API, the website chat widget, or a Telegram bot (issue 32).
 */
export const connectionKinds = ["whatsapp", "api", "whatsapp_cloud", "webchat", "telegram"] as const;
export type ConnectionKind = (typeof connectionKinds)[number];

/**
 * Session status (spec §3, §4): `qrcode` shows the QR button; `CONNECTED`, `PAIRING` and
 * `TIMEOUT` show disconnect; `OPENING` and `DISCONNECTING` a disabled button with a spinner.
 * An API connection is `CONNECTED` while it runs.
 */
export const connectionStatuses = ["qrcode", "CONNECTED", "PAIRING", "TIMEOUT", "OPENING", "DISCONNECTING"] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

/**
 * The pace a connection has until the admin sets one. WhatsApp: about one message every three
 * seconds, at most 500 outreach messages a day, reached over 10 days — a new number that sends
 * fast to people who never wrote to it is what WhatsApp bans. The API channel has no such risk:
 * its pace only protects the receiving system, so it is high.
 */
export const defaultConnectionPaces: Record<ConnectionKind, ConnectionPace> = {
  whatsapp: { perMinute: 20, dailyCap: 500, warmUp: 10 },
  api: { perMinute: 30_000, dailyCap: 0, warmUp: 0 },
  // Meta paces the official API itself (messaging tiers from 1,000 new conversations a day): ours
  // stays under its per-number throughput and the first tier.
  whatsapp_cloud: { perMinute: 600, dailyCap: 1000, warmUp: 0 },
  // A visitor is only reachable while the widget is open: outreach hardly applies.
  webchat: { perMinute: 30_000, dailyCap: 0, warmUp: 0 },
  // Telegram allows a bot about 30 messages a second in all and one a second per chat.
  telegram: { perMinute: 1_200, dailyCap: 0, warmUp: 0 },
};

/** The pace a connection runs at: the one stored, else its kind's default. */
export function paceOf(kind: ConnectionKind, stored: ConnectionPace | null | undefined): ConnectionPace {
  return stored ?? defaultConnectionPaces[kind];
}

/** Which body field holds a kind's own settings (issue 32). */
export const settingsKey = { whatsapp: null, api: null, whatsapp_cloud: "cloud", webchat: "webchat", telegram: "telegram" } as const satisfies Record<
  ConnectionKind,
  "cloud" | "webchat" | "telegram" | null
>;

/** A connection's destination (spec §3 `destinations[0]`). */
export const connectionDestination = destination;
export type ConnectionDestination = Destination;

/**
 * Why the session stopped when it is `TIMEOUT` because the channel could not be reached: the
 * network error (e.g. `getaddrinfo ENOTFOUND web.whatsapp.com`). Empty otherwise, also for the
 * TIMEOUT of a QR code nobody scanned.
 */
const statusDetail = z.string();

/**
 * A connection as the admin screens show it (every connection route is admin only).
 * `destinations` holds at most one entry (spec: `destinations[0]`). For `api` connections
 * `apiToken` (what the external system sends) and `webhookSecret` (what signs the replies) are
 * shown so the admin can configure the other side; both are null for WhatsApp connections.
 */
export const connection = z.object({
  id: z.number(),
  name: z.string(),
  label: z.string().nullable(),
  kind: z.enum(connectionKinds),
  /** The connected phone number (WhatsApp); a WhatsApp connection takes it as its name too. */
  number: z.string().nullable(),
  status: z.enum(connectionStatuses),
  /** The QR code text to render (256 px) while `status` is `qrcode`; empty otherwise. */
  qrcode: z.string(),
  retries: z.number(),
  statusDetail,
  isDefault: z.boolean(),
  canCloseTicketByMessage: z.boolean(),
  farewellMessage: z.string(),
  ignoreGroups: z.boolean(),
  /** What a customer sends to end the conversation when `canCloseTicketByMessage` is on. */
  closeCode: z.string(),
  /** Opening hours of the line (null: always open) and what it answers outside them. */
  businessHours: businessHoursFields.businessHours,
  outOfHoursMessage: z.string(),
  /** The satisfaction survey sent when a ticket closes (issue 30, docs/decisions/0081). */
  survey: connectionSurvey,
  /** The outbound pace (issue 31, docs/decisions/0083): the one set, else the kind's default. */
  pace: connectionPace,
  destinations: z.array(connectionDestination),
  webhookUrl: z.string().nullable(),
  apiToken: z.string().nullable(),
  webhookSecret: z.string().nullable(),
  /** The settings of a Cloud API, website widget or Telegram connection (null on other kinds; secrets never shown). */
  ...channelSettingsViews,
  /** The connection its customers were moved to (issue 31, docs/decisions/0087); null while it serves them. */
  replacedById: z.number().nullable(),
  ...timestamps,
});
export type Connection = z.infer<typeof connection>;

const label = z
  .string()
  .trim()
  .max(limits.connectionLabelMax)
  .transform((value) => (value === "" ? null : value))
  .nullable();

const farewellMessage = z.string().trim().max(limits.farewellMessageMax);

const closeCode = z.string().trim().min(1).max(limits.closeCodeMax);

/** An http(s) URL; "" and null mean none. */
const webhookUrl = z
  .string()
  .trim()
  .max(2000)
  .transform((value) => (value === "" ? null : value))
  .pipe(z.url({ protocol: /^https?$/ }).nullable())
  .nullable();

/**
 * POST /whatsapp (admins). Spec §5: `name`, `destinationType` and `destinationItem` required,
 * `label` optional. The first connection is made default whatever `isDefault` says; `isDefault:
 * true` moves the flag from the current default (the form warns first). `destinationType` must
 * be one of the five kinds and `destinationItem` an existing queue, active user, menu, announcement
 * or monitoring (404 `ERR_NO_DESTINATION_FOUND`). `closeCode` (default `#`) ends a conversation
 * when `canCloseTicketByMessage` is on; `businessHours` null means always open. `webhookUrl` is read for `api` connections only
 * (without one, replies are marked sent locally: the demo/simulator mode).
 */
export const createConnectionBody = z.object({
  name: entityName,
  label: label.default(null),
  kind: z.enum(connectionKinds).default("whatsapp"),
  isDefault: z.boolean().default(false),
  canCloseTicketByMessage: z.boolean().default(false),
  farewellMessage: farewellMessage.default(""),
  ignoreGroups: z.boolean().default(false),
  closeCode: closeCode.default("#"),
  businessHours: businessHoursFields.businessHours.default(null),
  outOfHoursMessage: businessHoursFields.outOfHoursMessage.default(""),
  survey: connectionSurvey.optional(),
  /** Missing or null: the kind's default (defaultConnectionPaces). */
  pace: connectionPace.nullable().optional(),
  destinationType: z.enum(destinationKinds),
  destinationItem: looseId,
  webhookUrl: webhookUrl.default(null),
  /** The kind's own settings: required for `whatsapp_cloud`, `webchat` and `telegram`, ignored for others. */
  cloud: cloudSettingsInput.optional(),
  webchat: webchatSettingsInput.optional(),
  telegram: telegramSettingsInput.optional(),
}).refine((body) => settingsKey[body.kind] === null || body[settingsKey[body.kind]!] !== undefined, {
  message: "this kind of connection needs its settings",
  path: ["kind"],
});
export type CreateConnectionBody = z.input<typeof createConnectionBody>;

/**
 * PUT /whatsapp/{id} (admins): the fields given change; `kind` never changes. `isDefault: false`
 * on the default answers 400 `ERR_NO_OTHER_WHATSAPP` (choose another default instead).
 * `destinationType` and `destinationItem` go together. `regenerateSecrets: true` issues a new
 * `apiToken` and `webhookSecret` (api connections).
 */
export const updateConnectionBody = z
  .object({
    name: entityName.optional(),
    label: label.optional(),
    isDefault: z.boolean().optional(),
    canCloseTicketByMessage: z.boolean().optional(),
    farewellMessage: farewellMessage.optional(),
    ignoreGroups: z.boolean().optional(),
    closeCode: closeCode.optional(),
    businessHours: businessHoursFields.businessHours.optional(),
    outOfHoursMessage: businessHoursFields.outOfHoursMessage.optional(),
    /** The whole survey setting: replaces the one stored. */
    survey: connectionSurvey.optional(),
    /** The whole pace: replaces the one stored; null goes back to the kind's default. */
    pace: connectionPace.nullable().optional(),
    destinationType: z.enum(destinationKinds).optional(),
    destinationItem: looseId.optional(),
    webhookUrl: webhookUrl.optional(),
    regenerateSecrets: z.boolean().optional(),
    /** The kind's own settings: the fields given change, secrets left out are kept. */
    cloud: cloudSettingsUpdate.optional(),
    webchat: webchatSettingsUpdate.optional(),
    telegram: telegramSettingsUpdate.optional(),
  })
  .refine((body) => (body.destinationType === undefined) === (body.destinationItem === undefined), {
    message: "destinationType and destinationItem go together",
    path: ["destinationItem"],
  });
export type UpdateConnectionBody = z.input<typeof updateConnectionBody>;

/**
 * POST /whatsappsession/{id}/pairing-code (admins, WhatsApp connections): pair by phone number
 * instead of a QR. Answers the code to type on the phone; the status becomes PAIRING (a
 * `whatsappSession` event). 409 ERR_WAPP_NOT_INITIALIZED when the session cannot ask for one.
 */
export const pairingCodeBody = z.object({
  number: z
    .string()
    .trim()
    .max(100)
    .transform(normalizeNumber)
    .pipe(z.string().min(limits.contactNumber.min).max(limits.contactNumber.max)),
});
export type PairingCodeBody = z.input<typeof pairingCodeBody>;
export const pairingCode = z.object({ code: z.string() });
export type PairingCode = z.infer<typeof pairingCode>;

/** What `whatsappSession` carries: the live part of a connection. */
export const connectionSession = z.object({
  id: z.number(),
  status: z.enum(connectionStatuses),
  qrcode: z.string(),
  retries: z.number(),
  statusDetail,
  updatedAt: z.string(),
});
export type ConnectionSession = z.infer<typeof connectionSession>;

/**
 * `whatsapp` socket event (admins): a connection created or changed (`update`, the spec's only
 * upsert action) or removed.
 */
export const connectionEvent = z.discriminatedUnion("action", [
  z.object({ action: z.literal("update"), whatsapp: connection }),
  z.object({ action: z.literal("delete"), whatsappId: z.number() }),
]);
export type ConnectionEvent = z.infer<typeof connectionEvent>;

/** `whatsappSession` socket event (admins): status, QR code and retries as they change. */
export const whatsappSessionEvent = z.object({ action: z.literal("update"), session: connectionSession });
export type WhatsappSessionEvent = z.infer<typeof whatsappSessionEvent>;
