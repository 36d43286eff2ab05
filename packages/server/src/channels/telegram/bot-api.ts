/**
 * The few Telegram Bot API calls Atendo makes (https://core.telegram.org/bots/api): JSON POSTs to
 * `{base}/bot{token}/{method}`, multipart uploads for files, and file downloads from
 * `{base}/file/bot{token}/{file_path}`. The base URL comes from config (TELEGRAM_API_URL): the
 * only switch between Telegram and the local fake.
 */
import { createHmac } from "node:crypto";
import { openAsBlob } from "node:fs";

/** A refusal from the Bot API (`ok: false`) or a transport failure (status 0). */
export class TelegramError extends Error {
  constructor(
    message: string,
    /** The HTTP status (Telegram's error_code); 0 when Telegram could not be reached. */
    readonly status: number,
    /** Seconds to wait before the next call (429 Too Many Requests). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "TelegramError";
  }

  /** The token is not (or no longer) a bot's: Telegram answers 401, or 404 for a malformed one. */
  get tokenRefused(): boolean {
    return this.status === 401 || this.status === 404;
  }
}

interface BotApiAnswer<T> {
  ok: boolean;
  result?: T;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

export interface UploadFile {
  path: string;
  mimeType: string;
  fileName: string;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** The whole call's bound; a long poll passes its own timeout plus a margin. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** Telegram's own cap for getFile downloads by bots. */
export const MAX_DOWNLOAD_BYTES = 20 * 1024 * 1024;

export interface BotApi {
  call<T>(method: string, params?: Record<string, unknown>, options?: CallOptions): Promise<T>;
  /** A multipart call carrying one file in `field` (sendPhoto, sendDocument, sendVoice…). */
  upload<T>(method: string, params: Record<string, unknown>, field: string, file: UploadFile): Promise<T>;
  /** The bytes of a file getFile named (`file_path`). */
  download(filePath: string): Promise<Buffer>;
}

function signalFor(options: CallOptions): AbortSignal {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  return options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
}

async function answerOf<T>(response: Response, method: string): Promise<T> {
  const answer = (await response.json().catch(() => null)) as BotApiAnswer<T> | null;
  if (answer?.ok) return answer.result as T;
  const status = answer?.error_code ?? response.status;
  throw new TelegramError(`${method}: ${answer?.description ?? `HTTP ${response.status}`}`, status, answer?.parameters?.retry_after);
}

async function transport(method: string, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    // An abort by the caller (stop) is rethrown as is: the loop tells it from a failure.
    if (error instanceof Error && error.name === "AbortError") throw error;
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    throw new TelegramError(`${method}: ${error instanceof Error ? error.message : String(error)}${cause}`, 0);
  }
}

export function botApi(baseUrl: string, token: string): BotApi {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    async call<T>(method: string, params: Record<string, unknown> = {}, options: CallOptions = {}) {
      const response = await transport(method, () =>
        fetch(`${base}/bot${token}/${method}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(params),
          signal: signalFor(options),
        }),
      );
      return answerOf<T>(response, method);
    },
    async upload<T>(method: string, params: Record<string, unknown>, field: string, file: UploadFile) {
      const form = new FormData();
      for (const [name, value] of Object.entries(params)) {
        if (value !== undefined) form.set(name, typeof value === "object" ? JSON.stringify(value) : String(value));
      }
      // Streamed from disk, not read into memory first.
      form.set(field, await openAsBlob(file.path, { type: file.mimeType }), file.fileName);
      const response = await transport(method, () => fetch(`${base}/bot${token}/${method}`, { method: "POST", body: form, signal: signalFor({ timeoutMs: 120_000 }) }));
      return answerOf<T>(response, method);
    },
    async download(filePath) {
      const response = await transport("download", () => fetch(`${base}/file/bot${token}/${filePath}`, { signal: signalFor({ timeoutMs: 120_000 }) }));
      if (!response.ok) throw new TelegramError(`download: HTTP ${response.status}`, response.status);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length > MAX_DOWNLOAD_BYTES) throw new TelegramError("download: file too big", 413);
      return bytes;
    },
  };
}

/**
 * The `secret_token` given to setWebhook, which Telegram sends back in
 * `X-Telegram-Bot-Api-Secret-Token`: derived from the bot token, so every instance checks it
 * without storing anything, and a new token makes a new secret. 64 hex characters (Telegram
 * allows 1–256 of A–Z, a–z, 0–9, _ and -).
 */
export function webhookSecret(botToken: string, connectionId: number): string {
  return createHmac("sha256", botToken).update(`atendo-telegram-webhook:${connectionId}`).digest("hex");
}
