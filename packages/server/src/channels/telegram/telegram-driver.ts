/**
 * The Telegram channel (issue 32, docs/decisions/0091): one bot per connection, its token from
 * @BotFather in `channel_secrets.botToken`. Start checks the token (getMe: the bot's @username is
 * kept, status CONNECTED; a refused token: TIMEOUT with the reason, not retried until the admin
 * saves a new one). Updates arrive by long polling (getUpdates; the next offset kept in
 * `connections.inbound_cursor` after each batch), or, when PUBLIC_URL is set, by webhook
 * (telegram-webhook.routes.ts, on whichever instance receives it). A connection runs on one
 * instance at a time (exclusive kinds): two pollers of one bot would take each other's updates.
 */
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../core/app-error.js";
import type { Db } from "../../db/client.js";
import { connections } from "../../db/schema/index.js";
import type { ChannelDriver, DriverEvents, OutboundMessage, SendResult, SessionUpdate } from "../channel-driver.js";
import { botApi, TelegramError, webhookSecret, type BotApi } from "./bot-api.js";
import { allowedUpdates, chatIdOf, editOf, externalIdOf, inboundOf, messageIdOf, type TgUpdate } from "./updates.js";

type Log = Pick<FastifyBaseLogger, "info" | "warn" | "error">;

export interface TelegramDriverDeps {
  db: Db;
  /** TELEGRAM_API_URL: Telegram's Bot API, or the local fake. */
  apiUrl: string;
  /** PUBLIC_URL: set, updates come by webhook; unset, by long polling. */
  publicUrl?: string;
  log: Log;
  /** getUpdates' long-poll timeout (Telegram holds the request this long when nothing is new). */
  pollTimeoutSeconds?: number;
  /** Delay before polling again after the n-th failure in a row. */
  retryDelayMs?(failures: number): number;
}

/** Polls that fail in a row before the status says so: one lost request is not an outage. */
const FAILURES_BEFORE_TIMEOUT = 3;

function defaultRetryDelay(failures: number): number {
  return Math.min(60_000, 1000 * 2 ** (failures - 1));
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

/** Where Telegram posts a connection's updates in webhook mode. */
export function telegramWebhookUrl(publicUrl: string, connectionId: number): string {
  return `${publicUrl.replace(/\/+$/, "")}/api/channels/telegram/${connectionId}/webhook`;
}

/**
 * What an update brings, reported through `sink`: a new message of a private chat (its file
 * downloaded) or an edit. Shared by the polling driver and the webhook route.
 */
export async function handleUpdate(
  api: BotApi,
  update: TgUpdate,
  sink: { message(message: NonNullable<Awaited<ReturnType<typeof inboundOf>>>): Promise<unknown>; edit(externalId: string, body: string): Promise<unknown> },
  log: Log,
): Promise<void> {
  if (update.message) {
    const message = await inboundOf(api, update.message, (error) => log.warn({ err: error, updateId: update.update_id }, "telegram file not fetched"));
    if (message) await sink.message(message);
  } else if (update.edited_message) {
    const edit = editOf(update.edited_message);
    if (edit) await sink.edit(edit.externalId, edit.body);
  }
}

const CAPTION_MAX = 1024;
const TEXT_MAX = 4096;

/** Text cut into parts Telegram takes, at a line break or space where one is near the limit. */
export function splitText(text: string, max: number): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const cut = Math.max(window.lastIndexOf("\n"), window.lastIndexOf(" "));
    const at = cut > max / 2 ? cut : max;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at).replace(/^[\n ]/, "");
  }
  if (rest) parts.push(rest);
  return parts;
}

/** The Bot API method and field that upload a file of this type. */
function uploadOf(mimeType: string): [method: string, field: string] {
  if (mimeType.startsWith("image/") && mimeType !== "image/gif") return ["sendPhoto", "photo"];
  if (mimeType.startsWith("video/")) return ["sendVideo", "video"];
  // Telegram plays OGG/Opus as a voice note; other audio goes as a music file.
  if (mimeType.startsWith("audio/ogg")) return ["sendVoice", "voice"];
  if (mimeType.startsWith("audio/")) return ["sendAudio", "audio"];
  return ["sendDocument", "document"];
}

export function createTelegramDriver(deps: TelegramDriverDeps): (connectionId: number, events: DriverEvents) => ChannelDriver {
  return (connectionId, events) => new TelegramConnection(deps, connectionId, events);
}

class TelegramConnection implements ChannelDriver {
  private api: BotApi | undefined;
  private abort: AbortController | undefined;
  private loop: Promise<void> | undefined;
  private offset: number | undefined;
  private readonly log: Log;

  constructor(
    private readonly deps: TelegramDriverDeps,
    private readonly connectionId: number,
    private readonly events: DriverEvents,
  ) {
    this.log = deps.log;
  }

  private report(update: SessionUpdate): Promise<void> {
    return this.events.onSession(update);
  }

  async start(): Promise<void> {
    if (this.abort) return;
    const [row] = await this.deps.db
      .select({ secrets: connections.channelSecrets, cursor: connections.inboundCursor })
      .from(connections)
      .where(eq(connections.id, this.connectionId))
      .limit(1);
    const token = row?.secrets?.botToken;
    if (!token) return this.report({ status: "TIMEOUT", detail: "No bot token: paste the one @BotFather gave you in the connection." });
    const api = botApi(this.deps.apiUrl, token);
    await this.report({ status: "OPENING", qrcode: "", retries: 0 });
    let username: string | undefined;
    try {
      username = (await api.call<{ username?: string }>("getMe")).username;
    } catch (error) {
      const refused = error instanceof TelegramError && error.tokenRefused;
      await this.report({ status: "TIMEOUT", detail: refused ? `Telegram refused the bot token (${errorText(error)}): save a new one.` : errorText(error) });
      // A refused token stays refused: nothing to retry until the admin saves a new one (which restarts the driver).
      if (refused) return;
      throw error;
    }
    await this.deps.db
      .update(connections)
      .set({ channelSettings: sql`jsonb_set(coalesce(${connections.channelSettings}, '{}'::jsonb), '{botUsername}', to_jsonb(${username ?? null}::text))` })
      .where(eq(connections.id, this.connectionId));
    const abort = new AbortController();
    try {
      if (this.deps.publicUrl) {
        const url = telegramWebhookUrl(this.deps.publicUrl, this.connectionId);
        await api.call("setWebhook", { url, secret_token: webhookSecret(token, this.connectionId), allowed_updates: allowedUpdates });
      } else {
        // Back from webhook mode (or another install's): getUpdates answers 409 while a webhook is set.
        await api.call("deleteWebhook", { drop_pending_updates: false });
      }
    } catch (error) {
      await this.report({ status: "TIMEOUT", detail: errorText(error) });
      throw error;
    }
    this.api = api;
    this.abort = abort;
    this.offset = row.cursor ?? undefined;
    await this.report({ status: "CONNECTED", qrcode: "", retries: 0 });
    if (!this.deps.publicUrl) this.loop = this.poll(api, abort.signal);
  }

  /** Long polling until stopped: each batch is stored, then its offset kept, then confirmed by the next call. */
  private async poll(api: BotApi, signal: AbortSignal): Promise<void> {
    const timeout = this.deps.pollTimeoutSeconds ?? 25;
    let failures = 0;
    while (!signal.aborted) {
      try {
        const updates = await api.call<TgUpdate[]>(
          "getUpdates",
          { offset: this.offset, timeout, allowed_updates: allowedUpdates },
          { signal, timeoutMs: (timeout + 15) * 1000 },
        );
        if (failures >= FAILURES_BEFORE_TIMEOUT) await this.report({ status: "CONNECTED", qrcode: "", retries: 0 });
        failures = 0;
        for (const update of updates) {
          if (signal.aborted) return;
          await handleUpdate(api, update, { message: (m) => this.events.onMessage(m), edit: (id, body) => this.events.onEdit(id, body) }, this.log);
          this.offset = update.update_id + 1;
        }
        // A crash before this write gets the batch again: storing is idempotent on the external id.
        if (updates.length > 0) await this.deps.db.update(connections).set({ inboundCursor: this.offset }).where(eq(connections.id, this.connectionId));
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof TelegramError && error.tokenRefused) {
          await this.report({ status: "TIMEOUT", detail: `Telegram refused the bot token (${errorText(error)}): save a new one.` });
          return;
        }
        if (error instanceof TelegramError && error.status === 409) await api.call("deleteWebhook", { drop_pending_updates: false }).catch(() => undefined);
        failures += 1;
        this.log.warn({ err: error, connectionId: this.connectionId, failures }, "telegram getUpdates failed");
        if (failures === FAILURES_BEFORE_TIMEOUT) await this.report({ status: "TIMEOUT", detail: errorText(error) });
        const retryAfter = error instanceof TelegramError && error.retryAfter ? error.retryAfter * 1000 : 0;
        await pause(Math.max(retryAfter, (this.deps.retryDelayMs ?? defaultRetryDelay)(failures)), signal);
      }
    }
  }

  async stop(): Promise<void> {
    this.abort?.abort();
    this.abort = undefined;
    await this.loop;
    this.loop = undefined;
  }

  /** The bot stops reaching Atendo: polling ends and a webhook is removed. The token stays. */
  async logout(): Promise<void> {
    const api = this.api;
    await this.stop();
    await this.report({ status: "DISCONNECTING" });
    if (api) await api.call("deleteWebhook", { drop_pending_updates: false }, { timeoutMs: 10_000 }).catch((error) => this.log.warn({ err: error }, "telegram deleteWebhook failed"));
    this.api = undefined;
  }

  private connectedApi(): BotApi {
    if (!this.abort || !this.api) throw new AppError("WPP_NOT_CONNECTED");
    return this.api;
  }

  async send(message: OutboundMessage): Promise<SendResult> {
    const api = this.connectedApi();
    const chatId = chatIdOf(message.to.number);
    if (!chatId || message.to.isGroup) throw new AppError("ERR_SENDING_WAPP_MSG", undefined, "Not a Telegram chat.");
    const quoted = message.quotedExternalId ? messageIdOf(message.quotedExternalId) : undefined;
    // A quoted message the chat no longer has does not stop the reply.
    const reply = quoted ? { reply_parameters: { message_id: quoted, allow_sending_without_reply: true } } : {};
    try {
      const media = message.media;
      // Telegram's limits: 1,024 characters of caption, 4,096 of text. Longer text follows in parts.
      const caption = media && message.body.length <= CAPTION_MAX ? message.body : "";
      const parts = media && caption ? [] : splitText(message.body, TEXT_MAX);
      let sent: { message_id: number } | undefined;
      if (media) {
        const [method, field] = uploadOf(media.mimeType);
        sent = await api.upload(method, { chat_id: chatId, caption: caption || undefined, ...reply }, field, media);
      }
      for (const [index, text] of parts.entries()) {
        const part = await api.call<{ message_id: number }>("sendMessage", { chat_id: chatId, text, ...(sent || index > 0 ? {} : reply) });
        sent ??= part;
      }
      if (!sent) throw new Error("nothing to send");
      // Bots get no delivery or read receipts: sent is as far as a message goes.
      return { externalId: externalIdOf(chatId, sent.message_id), sent: true };
    } catch (error) {
      this.log.warn({ err: error, connectionId: this.connectionId }, "telegram send failed");
      throw new AppError("ERR_SENDING_WAPP_MSG", undefined, errorText(error));
    }
  }

  async deleteMessage(to: { number: string; isGroup: boolean }, externalId: string): Promise<void> {
    const api = this.connectedApi();
    const chatId = chatIdOf(to.number);
    const messageId = messageIdOf(externalId);
    if (!chatId || !messageId) throw new AppError("ERR_DELETE_WAPP_MSG");
    await api.call("deleteMessage", { chat_id: chatId, message_id: messageId }).catch(() => {
      throw new AppError("ERR_DELETE_WAPP_MSG");
    });
  }

  /** A Telegram chat can be written to only once its user wrote to the bot: any Telegram identity is taken as such. */
  async checkNumber(number: string): Promise<boolean> {
    return chatIdOf(number) !== undefined;
  }
}
