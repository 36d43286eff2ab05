import {
  connectionKinds,
  connectionStatuses,
  defaultConnectionSurvey,
  destinationKinds,
  type ConnectionPace,
  type ConnectionSurvey,
  type WebchatSettings,
} from "@atendo/contracts";
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { businessHoursColumns } from "./business-hours.js";
import { linkId, ownerId, serialId, timestamps, timestamptz, updatedAt } from "./columns.js";
import { inValues } from "./in-values.js";

/** A connection kind's non-secret settings: the Cloud API's ids, the widget's look, nothing for Telegram. */
export type ChannelSettings = { phoneNumberId: string; businessAccountId: string } | WebchatSettings | { botUsername: string | null };

/** A messaging connection (the spec's "whatsapp"): one channel the company is reachable on. */
export const connections = pgTable(
  "connections",
  {
    id: serialId(),
    /** Given by the admin; a WhatsApp connection takes its phone number once connected. */
    name: text("name").notNull(),
    label: text("label"),
    kind: text("kind", { enum: connectionKinds }).notNull().default("whatsapp"),
    status: text("status", { enum: connectionStatuses }).notNull().default("OPENING"),
    qrcode: text("qrcode").notNull().default(""),
    retries: integer("retries").notNull().default(0),
    number: text("number"),
    isDefault: boolean("is_default").notNull().default(false),
    canCloseTicketByMessage: boolean("can_close_ticket_by_message").notNull().default(false),
    farewellMessage: text("farewell_message").notNull().default(""),
    ignoreGroups: boolean("ignore_groups").notNull().default(false),
    /** What a customer sends to end the conversation when canCloseTicketByMessage is on. */
    closeCode: text("close_code").notNull().default("#"),
    ...businessHoursColumns(),
    /** The satisfaction survey sent when a ticket closes (issue 30, docs/decisions/0081): the contract's shape, defaults filled. */
    survey: jsonb("survey").$type<ConnectionSurvey>().notNull().default(defaultConnectionSurvey),
    /** The outbound pace the admin set (issue 31, docs/decisions/0083); null: the kind's default (paceOf). */
    pace: jsonb("pace").$type<ConnectionPace>(),
    /** Where a new ticket goes: a user, a queue, a menu, an announcement or a monitoring. */
    destinationType: text("destination_type", { enum: destinationKinds }),
    destinationId: integer("destination_id"),
    /** API channel: the token external systems send, and where replies are delivered. */
    apiToken: text("api_token"),
    webhookUrl: text("webhook_url"),
    webhookSecret: text("webhook_secret"),
    /**
     * The kind's own settings (issue 32, docs/decisions/0088): a Cloud API, website widget or
     * Telegram connection's non-secret fields, as the contract's input shape; null for other kinds.
     */
    channelSettings: jsonb("channel_settings").$type<ChannelSettings>(),
    /** Their secrets (access token, app secret, verify token, bot token): never presented. */
    channelSecrets: jsonb("channel_secrets").$type<Record<string, string>>(),
    /** A website widget's public key (`data-atendo`), looked up on every visitor request. */
    widgetKey: text("widget_key"),
    /**
     * Where a polling channel resumes (Telegram: the next update id to ask for), kept after each
     * batch is stored so a restart neither loses nor repeats updates (docs/decisions/0091).
     */
    inboundCursor: bigint("inbound_cursor", { mode: "number" }),
    /**
     * The connection its customers were moved to (issue 31, docs/decisions/0087): a banned or
     * replaced number. Sends naming this one go there; it raises no down alerts.
     */
    replacedById: linkId("replaced_by_id", (): AnyPgColumn => connections.id),
    ...timestamps(),
  },
  (t) => [
    // At most one default connection, enforced by the database.
    uniqueIndex("connections_single_default_key").on(t.isDefault).where(sql`${t.isDefault}`),
    uniqueIndex("connections_api_token_key").on(t.apiToken),
    uniqueIndex("connections_widget_key_key").on(t.widgetKey),
    check("connections_kind_check", inValues(t.kind, connectionKinds)),
    check("connections_status_check", inValues(t.status, connectionStatuses)),
    index("connections_destination_idx").on(t.destinationType, t.destinationId),
  ],
);

/** Baileys credentials: one row per connection. */
export const whatsappAuthCreds = pgTable("whatsapp_auth_creds", {
  connectionId: integer("connection_id")
    .primaryKey()
    .references(() => connections.id, { onDelete: "cascade" }),
  /** JSON written with Baileys' BufferJSON replacer. */
  creds: text("creds").notNull(),
  updatedAt: updatedAt(),
});

/** Baileys signal keys: one row per key, never one growing blob. */
export const whatsappAuthKeys = pgTable(
  "whatsapp_auth_keys",
  {
    connectionId: ownerId("connection_id", () => connections.id),
    type: text("type").notNull(),
    keyId: text("key_id").notNull(),
    value: text("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.type, t.keyId] })],
);

/** WhatsApp LID identities mapped to phone numbers, so one person is one contact. */
export const whatsappLidMap = pgTable(
  "whatsapp_lid_map",
  {
    connectionId: ownerId("connection_id", () => connections.id),
    lid: text("lid").notNull(),
    phone: text("phone").notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.lid] })],
);

/**
 * A time a connection was away from CONNECTED (issue 31, docs/decisions/0087), opened and closed
 * by the connection watch (jobs/connection-watch.ts). At most one open (not recovered) per
 * connection. `alertedAt`: admins were told, once; `silent`: left on purpose (an admin's
 * disconnect, a replaced connection), never alerted.
 */
export const connectionIncidents = pgTable(
  "connection_incidents",
  {
    id: serialId(),
    connectionId: ownerId("connection_id", () => connections.id),
    leftAt: timestamptz("left_at").notNull(),
    alertedAt: timestamptz("alerted_at"),
    recoveredAt: timestamptz("recovered_at"),
    silent: boolean("silent").notNull().default(false),
  },
  (t) => [uniqueIndex("connection_incidents_open_key").on(t.connectionId).where(sql`${t.recoveredAt} is null`)],
);
