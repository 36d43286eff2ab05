import { randomBytes } from "node:crypto";
import type { Connection, createConnectionBody, updateConnectionBody, WebchatSettings } from "@atendo/contracts";
import type { z } from "zod";
import type { ChannelSettings, connections } from "../../db/schema/connections.js";

/** The row (connection.presenter.ts's ConnectionRow, spelled here: that module imports this one). */
type ConnectionRow = typeof connections.$inferSelect;

/**
 * The kind's own settings of a Cloud API, website widget or Telegram connection (issue 32,
 * docs/decisions/0088): the visible part in `channel_settings`, the secrets in `channel_secrets`
 * (never presented), a widget's public key in its own indexed column.
 */
type SettingsColumns = Pick<ConnectionRow, "channelSettings" | "channelSecrets" | "widgetKey">;
type Create = z.output<typeof createConnectionBody>;
type Update = z.output<typeof updateConnectionBody>;

/** A widget's public key: not a secret (it is in every embedding page), but not guessable either. */
const newWidgetKey = () => randomBytes(16).toString("base64url");

/** The columns a new connection of `body.kind` starts with (the contract made its settings present). */
export function createdSettings(body: Create): SettingsColumns {
  if (body.kind === "whatsapp_cloud" && body.cloud) {
    const { phoneNumberId, businessAccountId, ...secrets } = body.cloud;
    return { channelSettings: { phoneNumberId, businessAccountId }, channelSecrets: secrets, widgetKey: null };
  }
  if (body.kind === "webchat" && body.webchat) return { channelSettings: body.webchat, channelSecrets: null, widgetKey: newWidgetKey() };
  if (body.kind === "telegram" && body.telegram) return { channelSettings: { botUsername: null }, channelSecrets: { botToken: body.telegram.botToken }, widgetKey: null };
  return { channelSettings: null, channelSecrets: null, widgetKey: null };
}

/** The columns an update changes: the fields given over the stored ones; undefined when none. */
export function updatedSettings(current: ConnectionRow, body: Update): Partial<SettingsColumns> {
  const stored = (current.channelSettings ?? {}) as Record<string, unknown>;
  const secrets = current.channelSecrets ?? {};
  if (current.kind === "whatsapp_cloud" && body.cloud) {
    const { phoneNumberId, businessAccountId, ...given } = body.cloud;
    return {
      channelSettings: { ...stored, ...defined({ phoneNumberId, businessAccountId }) } as ChannelSettings,
      channelSecrets: { ...secrets, ...defined(given) },
    };
  }
  if (current.kind === "webchat" && body.webchat) return { channelSettings: { ...stored, ...defined(body.webchat) } as ChannelSettings };
  // A new bot token names a bot not checked yet.
  if (current.kind === "telegram" && body.telegram?.botToken) return { channelSettings: { botUsername: null }, channelSecrets: { botToken: body.telegram.botToken } };
  return {};
}

/** The admin's view: each kind's settings with its secrets as "set or not". */
export function presentSettings(row: ConnectionRow): Pick<Connection, "cloud" | "webchat" | "telegram"> {
  const settings = (row.channelSettings ?? {}) as Record<string, unknown>;
  const secrets = row.channelSecrets ?? {};
  return {
    cloud:
      row.kind === "whatsapp_cloud"
        ? {
            phoneNumberId: String(settings.phoneNumberId ?? ""),
            businessAccountId: String(settings.businessAccountId ?? ""),
            accessTokenSet: Boolean(secrets.accessToken),
            appSecretSet: Boolean(secrets.appSecret),
            verifyTokenSet: Boolean(secrets.verifyToken),
            webhookPath: `/api/channels/whatsapp-cloud/${row.id}/webhook`,
          }
        : null,
    webchat: row.kind === "webchat" ? { ...(settings as WebchatSettings), widgetKey: row.widgetKey ?? "" } : null,
    telegram: row.kind === "telegram" ? { botUsername: (settings.botUsername as string | null | undefined) ?? null, botTokenSet: Boolean(secrets.botToken) } : null,
  };
}

function defined<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
