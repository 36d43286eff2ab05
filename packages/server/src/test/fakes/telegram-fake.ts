/**
 * A fake Telegram Bot API (https://core.telegram.org/bots/api) for tests and for trying the
 * Telegram channel without a bot: getMe, getUpdates (long poll with offset; a second poller ends
 * the first with 409 as Telegram does), setWebhook/deleteWebhook (updates are then POSTed to the
 * webhook with its secret), sendMessage/sendPhoto/sendDocument/sendVoice/sendAudio/sendVideo
 * (JSON or multipart), deleteMessage, getFile and file downloads, and a "refuse this token" mode
 * (401). Any well-formed token names a bot of its own, made on first use.
 *
 * Standalone (docs/channels/README.md):
 *   npx tsx packages/server/src/test/fakes/telegram-fake.ts --port 8081
 * then run Atendo with TELEGRAM_API_URL=http://127.0.0.1:8081, and play the customer with
 *   curl -X POST localhost:8081/_fake/<token>/say -H 'content-type: application/json' -d '{"chatId":42,"name":"Ana","text":"Hi"}'
 *   curl localhost:8081/_fake/<token>/sent
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

export interface FakeChat {
  id: number;
  firstName?: string;
  lastName?: string;
  username?: string;
  type?: "private" | "group" | "supergroup";
}

/** What a bot sent, as the fake received it. */
export interface SentMessage {
  method: string;
  chatId: string;
  messageId: number;
  text?: string;
  caption?: string;
  replyTo?: number;
  file?: { field: string; name: string; type: string; bytes: Buffer };
}

type Update = { update_id: number } & Record<string, unknown>;

interface Waiter {
  offset: number;
  answer(status: number, body: unknown): void;
}

interface Bot {
  token: string;
  id: number;
  username: string;
  refused: boolean;
  updates: Update[];
  nextUpdateId: number;
  nextMessageId: number;
  webhook: { url: string; secret?: string } | null;
  waiter: Waiter | null;
  sent: SentMessage[];
  deleted: { chatId: string; messageId: number }[];
  /** Every API call, by method name, in order (tests assert what was asked). */
  calls: string[];
  /** The offset of each getUpdates, in order. */
  offsets: number[];
  changed: (() => boolean)[];
}

const TOKEN = /^(\d{1,20}):[A-Za-z0-9_-]{20,100}$/;

export class TelegramFake {
  private server: Server | undefined;
  private readonly bots = new Map<string, Bot>();
  private readonly files = new Map<string, { bytes: Buffer; path: string }>();
  private fileSeq = 0;
  url = "";

  async start(port = 0, host = "127.0.0.1"): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => json(res, 500, { ok: false, error_code: 500, description: String(error) }));
    });
    await new Promise<void>((resolve) => this.server!.listen(port, host, resolve));
    this.url = `http://${host}:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    for (const bot of this.bots.values()) bot.waiter?.answer(200, { ok: true, result: [] });
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The bot of a token (made on first use); `username` renames it. */
  bot(token: string, username?: string): Bot {
    let bot = this.bots.get(token);
    if (!bot) {
      const id = Number(TOKEN.exec(token)?.[1] ?? 0);
      bot = {
        token,
        id,
        username: `fake_${id}_bot`,
        refused: false,
        updates: [],
        nextUpdateId: 1000,
        nextMessageId: 1,
        webhook: null,
        waiter: null,
        sent: [],
        deleted: [],
        calls: [],
        offsets: [],
        changed: [],
      };
      this.bots.set(token, bot);
    }
    if (username) bot.username = username;
    return bot;
  }

  /** Every call with this token answers 401 Unauthorized (a revoked token), or not again. */
  refuse(token: string, refused = true): void {
    this.bot(token).refused = refused;
  }

  /** A file the customer sends: its file_id for a message's photo/document/voice… */
  file(bytes: Buffer, name = "file.bin"): { file_id: string; file_unique_id: string; file_size: number } {
    const fileId = `file-${++this.fileSeq}`;
    this.files.set(fileId, { bytes, path: `documents/${this.fileSeq}-${name}` });
    return { file_id: fileId, file_unique_id: `u${this.fileSeq}`, file_size: bytes.length };
  }

  /** A customer's new message in a private chat (or the chat `chat.type` says): its update, queued. */
  customerSends(token: string, chat: FakeChat, fields: Record<string, unknown>): Update & { message: { message_id: number } } {
    const bot = this.bot(token);
    const message = { message_id: bot.nextMessageId++, date: Math.floor(Date.now() / 1000), chat: chatOf(chat), from: fromOf(chat), ...fields };
    return this.push(bot, { message }) as Update & { message: { message_id: number } };
  }

  /** A customer edits a message they sent. */
  customerEdits(token: string, chat: FakeChat, messageId: number, text: string): Update {
    const bot = this.bot(token);
    const now = Math.floor(Date.now() / 1000);
    return this.push(bot, { edited_message: { message_id: messageId, date: now, edit_date: now, chat: chatOf(chat), from: fromOf(chat), text } });
  }

  /** Delivers an update's content again (under the next update id), as Telegram does when a confirmation was lost. */
  redeliver(token: string, update: Update): Update {
    const { update_id: _, ...body } = update;
    return this.push(this.bot(token), body);
  }

  /** Updates not yet confirmed by an offset (polling) or a webhook's 2xx. */
  pending(token: string): Update[] {
    return this.bot(token).updates;
  }

  /** Resolves once `check` holds, re-checked at every change of the bot (a call, a send). */
  until<T>(token: string, check: (bot: Bot) => T | undefined | false, what: string, timeoutMs = 5000): Promise<T> {
    const bot = this.bot(token);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`fake Telegram: timed out waiting for ${what}`)), timeoutMs);
      const test = () => {
        const value = check(bot);
        if (value === undefined || value === false) return false;
        clearTimeout(timer);
        resolve(value);
        return true;
      };
      if (!test()) bot.changed.push(() => test());
    });
  }

  private push(bot: Bot, body: Record<string, unknown>): Update {
    const update = { update_id: bot.nextUpdateId++, ...body };
    bot.updates.push(update);
    this.deliver(bot);
    return update;
  }

  private notify(bot: Bot): void {
    bot.changed = bot.changed.filter((listener) => listener() !== true);
  }

  /** Hands queued updates to the waiting poller, or POSTs them to the webhook. */
  private deliver(bot: Bot): void {
    if (bot.webhook) {
      void this.postToWebhook(bot);
    } else if (bot.waiter) {
      const ready = bot.updates.filter((u) => u.update_id >= bot.waiter!.offset);
      if (ready.length > 0) bot.waiter.answer(200, { ok: true, result: ready });
    }
    this.notify(bot);
  }

  private async postToWebhook(bot: Bot): Promise<void> {
    const webhook = bot.webhook;
    if (!webhook) return;
    for (const update of [...bot.updates]) {
      const response = await fetch(webhook.url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(webhook.secret ? { "x-telegram-bot-api-secret-token": webhook.secret } : {}) },
        body: JSON.stringify(update),
      }).catch(() => null);
      // Telegram keeps what was not taken and tries again later; the fake waits for the next update.
      if (!response?.ok) return;
      bot.updates = bot.updates.filter((u) => u !== update);
      this.notify(bot);
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://fake");
    const control = /^\/_fake\/([^/]+)\/(say|sent)$/.exec(url.pathname);
    if (control) return this.control(req, res, decodeURIComponent(control[1]!), control[2]!);
    const download = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (download) {
      const file = [...this.files.values()].find((f) => f.path === decodeURIComponent(download[2]!));
      if (!file || this.bots.get(download[1]!)?.refused) return json(res, 404, { ok: false, error_code: 404, description: "Not Found" });
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": file.bytes.length });
      res.end(file.bytes);
      return;
    }
    const call = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    if (!call) return json(res, 404, { ok: false, error_code: 404, description: "Not Found" });
    const [, token, method] = call as unknown as [string, string, string];
    if (!TOKEN.test(token)) return json(res, 404, { ok: false, error_code: 404, description: "Not Found" });
    const bot = this.bot(token);
    const params = await paramsOf(req, url);
    bot.calls.push(method);
    this.notify(bot);
    if (bot.refused) return json(res, 401, { ok: false, error_code: 401, description: "Unauthorized" });
    const result = this.method(bot, method, params, res);
    if (result !== undefined) json(res, 200, { ok: true, result });
  }

  /** A method's result; undefined when the method answered itself (a long poll, an error). */
  private method(bot: Bot, method: string, params: Params, res: ServerResponse): unknown {
    const text = (name: string) => (typeof params.fields[name] === "string" ? (params.fields[name] as string) : undefined);
    switch (method) {
      case "getMe":
        return { id: bot.id, is_bot: true, first_name: "Fake bot", username: bot.username };
      case "getUpdates":
        return this.getUpdates(bot, params, res);
      case "setWebhook":
        bot.webhook = { url: text("url") ?? "", secret: text("secret_token") };
        bot.waiter?.answer(409, { ok: false, error_code: 409, description: "Conflict: can't use getUpdates method while webhook is active" });
        void this.postToWebhook(bot);
        return true;
      case "deleteWebhook":
        bot.webhook = null;
        return true;
      case "getWebhookInfo":
        return { url: bot.webhook?.url ?? "", has_custom_certificate: false, pending_update_count: bot.updates.length };
      case "getFile": {
        const fileId = text("file_id") ?? "";
        const file = this.files.get(fileId);
        if (!file) return void json(res, 400, { ok: false, error_code: 400, description: "Bad Request: invalid file_id" });
        return { file_id: fileId, file_unique_id: fileId, file_size: file.bytes.length, file_path: file.path };
      }
      case "deleteMessage":
        bot.deleted.push({ chatId: text("chat_id") ?? "", messageId: Number(text("message_id")) });
        this.notify(bot);
        return true;
      case "sendMessage":
      case "sendPhoto":
      case "sendDocument":
      case "sendVoice":
      case "sendAudio":
      case "sendVideo":
        return this.send(bot, method, params, res);
      default:
        return void json(res, 404, { ok: false, error_code: 404, description: "Not Found: method not found" });
    }
  }

  private getUpdates(bot: Bot, params: Params, res: ServerResponse): unknown {
    if (bot.webhook) return void json(res, 409, { ok: false, error_code: 409, description: "Conflict: can't use getUpdates method while webhook is active" });
    const offset = Number(params.fields.offset ?? 0) || 0;
    bot.offsets.push(offset);
    // An offset confirms every update before it: Telegram forgets them.
    if (offset > 0) bot.updates = bot.updates.filter((u) => u.update_id >= offset);
    bot.waiter?.answer(409, { ok: false, error_code: 409, description: "Conflict: terminated by other getUpdates request" });
    const ready = bot.updates.filter((u) => u.update_id >= offset);
    const timeout = Math.min(50, Number(params.fields.timeout ?? 0) || 0);
    if (ready.length > 0 || timeout === 0) return ready;
    const timer = setTimeout(() => waiter.answer(200, { ok: true, result: [] }), timeout * 1000);
    const waiter: Waiter = {
      offset,
      answer: (status, body) => {
        clearTimeout(timer);
        if (bot.waiter === waiter) bot.waiter = null;
        if (!res.writableEnded) json(res, status, body);
      },
    };
    res.on("close", () => waiter.answer(200, { ok: true, result: [] }));
    bot.waiter = waiter;
    this.notify(bot);
    return undefined;
  }

  private send(bot: Bot, method: string, params: Params, res: ServerResponse): unknown {
    const chatId = String(params.fields.chat_id ?? "");
    if (!/^-?\d+$/.test(chatId)) return void json(res, 400, { ok: false, error_code: 400, description: "Bad Request: chat not found" });
    const field = { sendPhoto: "photo", sendDocument: "document", sendVoice: "voice", sendAudio: "audio", sendVideo: "video" }[method];
    const file = field ? params.files[field] : undefined;
    if (field && !file) return void json(res, 400, { ok: false, error_code: 400, description: `Bad Request: there is no ${field} in the request` });
    if (method === "sendMessage" && !params.fields.text) return void json(res, 400, { ok: false, error_code: 400, description: "Bad Request: message text is empty" });
    const reply = parseJson(params.fields.reply_parameters) as { message_id?: number } | undefined;
    const sent: SentMessage = {
      method,
      chatId,
      messageId: bot.nextMessageId++,
      ...(typeof params.fields.text === "string" ? { text: params.fields.text } : {}),
      ...(typeof params.fields.caption === "string" ? { caption: params.fields.caption } : {}),
      ...(reply?.message_id ? { replyTo: reply.message_id } : {}),
      ...(file && field ? { file: { field, ...file } } : {}),
    };
    bot.sent.push(sent);
    this.notify(bot);
    return { message_id: sent.messageId, date: Math.floor(Date.now() / 1000), chat: { id: Number(chatId), type: "private" }, text: sent.text, caption: sent.caption };
  }

  /** The standalone fake's customer side: `say` queues a customer's text, `sent` lists what the bot sent. */
  private async control(req: IncomingMessage, res: ServerResponse, token: string, action: string): Promise<void> {
    if (action === "sent") return json(res, 200, this.bot(token).sent.map(({ file, ...rest }) => ({ ...rest, file: file ? { name: file.name, type: file.type, size: file.bytes.length } : undefined })));
    const body = (parseJson((await readBody(req)).toString()) ?? {}) as { chatId?: number; name?: string; text?: string };
    const update = this.customerSends(token, { id: Number(body.chatId ?? 1), firstName: body.name ?? "Customer" }, { text: body.text ?? "Hello" });
    json(res, 200, update);
  }
}

interface Params {
  fields: Record<string, unknown>;
  files: Record<string, { name: string; type: string; bytes: Buffer }>;
}

function chatOf(chat: FakeChat) {
  return { id: chat.id, type: chat.type ?? "private", first_name: chat.firstName ?? "Customer", ...(chat.lastName ? { last_name: chat.lastName } : {}), ...(chat.username ? { username: chat.username } : {}) };
}

function fromOf(chat: FakeChat) {
  return { id: Math.abs(chat.id), is_bot: false, first_name: chat.firstName ?? "Customer", ...(chat.lastName ? { last_name: chat.lastName } : {}) };
}

function parseJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A call's parameters: query string, JSON, urlencoded or multipart, as the Bot API takes them. */
async function paramsOf(req: IncomingMessage, url: URL): Promise<Params> {
  const fields: Record<string, unknown> = Object.fromEntries(url.searchParams);
  const files: Params["files"] = {};
  const type = req.headers["content-type"] ?? "";
  const body = await readBody(req);
  if (type.startsWith("application/json")) Object.assign(fields, parseJson(body.toString()) ?? {});
  else if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
    const form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
    for (const [name, value] of form) {
      if (typeof value === "string") fields[name] = value;
      else files[name] = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
    }
  }
  return { fields, files };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  if (res.writableEnded) return;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

// Run directly: a standalone fake for trying the channel (docs/channels/README.md).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf("--port");
  const port = at > 0 ? Number(process.argv[at + 1]) : 8081;
  const fake = new TelegramFake();
  void fake.start(port, "0.0.0.0").then(() => {
    console.log(`Fake Telegram Bot API on http://127.0.0.1:${port} (TELEGRAM_API_URL). Customer: POST /_fake/<token>/say {"chatId","name","text"}`);
  });
}
