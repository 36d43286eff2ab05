import type { SessionResponse } from "@atendo/contracts";
import { ApiError, usedByOf } from "./api-error";
import { fileNameOf } from "./download";
import { fetchWithUploadProgress, type UploadProgress, type UploadTransfer } from "./http-upload";
import { loadErrorTexts } from "./i18n";
import { getToken } from "./local-storage";
import { reportServerAnswered, reportServerUnreachable } from "./reachability";
import { endSession, startSession } from "./session";
import { tokenExpiresSoon } from "./token-clock";

export { ApiError, isApiError } from "./api-error";
export type { UploadProgress, UploadTransfer } from "./http-upload";

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** JSON-serialised unless it is FormData. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * Calls that belong to signing in (login, signup, refresh, public config): sent without the
   * bearer token, never refreshed, and a 401 there does not end a session.
   */
  anonymous?: boolean;
  /** Bytes of a FormData body sent so far (attachments): the request goes by XMLHttpRequest then. */
  onUploadProgress?(progress: UploadProgress): void;
}

const apiBase = "/api";

function buildUrl(path: string, query: RequestOptions["query"]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return `${apiBase}${path}${search ? `?${search}` : ""}`;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers = new Headers({ Accept: "application/json" });
  const token = getToken();
  if (token && !options.anonymous) headers.set("Authorization", `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.body);
  }
  const init = { method: options.method ?? "GET", headers, body, credentials: "include" as const, signal: options.signal };
  const url = buildUrl(path, options.query);
  try {
    const response =
      options.onUploadProgress && options.body instanceof FormData
        ? await fetchWithUploadProgress(url, { ...init, body: options.body }, options.onUploadProgress)
        : await fetch(url, init);
    // A proxy answering "bad gateway" or "gateway timeout" means the server itself is away.
    if (response.status === 502 || response.status === 504) reportServerUnreachable();
    else reportServerAnswered();
    return response;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    reportServerUnreachable();
    throw new ApiError(0, null, error instanceof Error ? error.message : "");
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if ((response.headers.get("content-type") ?? "").includes("json")) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }
  return text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function errorCode(body: unknown): string | null {
  return isRecord(body) && typeof body.error === "string" ? body.error : null;
}

/** The refusal as an {@link ApiError}, once the error texts are here to show it (lib/i18n.ts). */
async function toApiError(response: Response, body: unknown): Promise<ApiError> {
  const message = isRecord(body) && typeof body.message === "string" ? body.message : "";
  await loadErrorTexts().catch(() => undefined);
  return new ApiError(response.status, errorCode(body), message, usedByOf(body));
}

function isSession(body: unknown): body is SessionResponse {
  return (
    isRecord(body) && typeof body.token === "string" && isRecord(body.user) && typeof body.user.id === "number"
  );
}

let refreshing: Promise<SessionResponse> | null = null;

/**
 * Trades the httpOnly refresh cookie for a new access token. Single-flight: callers that arrive
 * while a refresh is running share it. A refused refresh ends the session.
 */
export function refreshSession(): Promise<SessionResponse> {
  refreshing ??= (async () => {
    try {
      const response = await send("/auth/refresh_token", { method: "POST", anonymous: true });
      const body = await readBody(response);
      if (!response.ok) throw await toApiError(response, body);
      if (!isSession(body)) throw new ApiError(response.status, null, "");
      startSession(body);
      return body;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) endSession();
      throw error;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * Sends with the session's token, refreshing it once on ERR_TOKEN_EXPIRED. `read` turns a
 * successful response into the result (JSON, or a blob for media); errors become {@link ApiError}.
 */
async function request<T>(path: string, options: RequestOptions, read: (response: Response) => Promise<T>): Promise<T> {
  const stored = getToken();
  if (!options.anonymous && stored && tokenExpiresSoon(stored)) await refreshSession();
  const sentWith = getToken();
  let response = await send(path, options);

  if (!options.anonymous && response.status === 403) {
    const body = await readBody(response.clone());
    if (errorCode(body) === "ERR_TOKEN_EXPIRED") {
      // Another request may have refreshed already while this one was in flight.
      const current = getToken();
      if (!current || current === sentWith) await refreshSession();
      response = await send(path, options);
    }
  }

  if (!options.anonymous && response.status === 401) endSession();
  if (!response.ok) throw await toApiError(response, await readBody(response));
  return read(response);
}

/** Calls the API and returns its JSON body, or throws an {@link ApiError}. */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return request(path, options, (response) => readBody(response) as Promise<T>);
}

/**
 * A protected file (a message's media) as a blob: `/api/...` addresses are fetched with the
 * bearer token, which an <img src> could not send (spec §7).
 */
export function apiBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const path = url.startsWith(apiBase + "/") ? url.slice(apiBase.length) : url;
  return request(path, { signal }, (response) => response.blob());
}

type BodylessOptions = Omit<RequestOptions, "method" | "body">;

/** A file the API answers (a CSV export): its bytes and the name its Content-Disposition gives. */
export interface ApiFile {
  blob: Blob;
  fileName: string | null;
}

/** GETs a file with the session's token; a refusal (JSON error) throws an {@link ApiError} as any call. */
export function apiFile(path: string, options: BodylessOptions = {}): Promise<ApiFile> {
  return request(path, { ...options, method: "GET" }, async (response) => ({
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get("content-disposition")),
  }));
}

export const http = {
  get: <T>(path: string, options?: BodylessOptions) => apiRequest<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: "POST", body }),
  /** POSTs files with their progress reported and a signal to cancel them (the composer's attachments). */
  upload: <T>(path: string, form: FormData, transfer: UploadTransfer = {}) =>
    apiRequest<T>(path, { method: "POST", body: form, signal: transfer.signal, onUploadProgress: transfer.onProgress ?? (() => undefined) }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: "PUT", body }),
  delete: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: "DELETE", body }),
};
