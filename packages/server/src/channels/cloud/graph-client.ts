import { readFile } from "node:fs/promises";

/** A refusal from the Graph API: its HTTP status and Meta's error object (`{ error: { message, code } }`). */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = "GraphError";
  }

  /** The token is expired, revoked or wrong (HTTP 401, or OAuthException code 190). */
  get tokenRefused(): boolean {
    return this.status === 401 || this.code === 190;
  }
}

export interface GraphClient {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  /** POST /{phone-number-id}/media: a file uploaded to Meta; answers its media id. */
  upload(phoneNumberId: string, file: { path: string; mimeType: string; fileName: string }): Promise<string>;
  /** GET /{media-id}, then its short-lived URL with the token: the file's bytes and type. */
  download(mediaId: string): Promise<{ data: Buffer; mimeType: string }>;
}

const timeoutMs = 20_000;

async function graphAnswer<T>(response: Response): Promise<T> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const error = (json as { error?: { message?: string; code?: number } } | undefined)?.error;
    throw new GraphError(response.status, error?.message ?? `HTTP ${response.status}`, error?.code);
  }
  return json as T;
}

/**
 * The few Graph API calls a Cloud API connection makes, with its access token as the bearer.
 * `baseUrl` is WHATSAPP_CLOUD_API_URL (Meta's Graph API with its version, or a local fake): the
 * only switch between the real upstream and the fake.
 */
export function graphClient(baseUrl: string, accessToken: string): GraphClient {
  const authorization = `Bearer ${accessToken}`;
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> =>
    graphAnswer<T>(await fetch(`${baseUrl}/${path}`, { ...init, headers: { authorization, ...init.headers }, signal: AbortSignal.timeout(timeoutMs) }));
  return {
    get: (path) => call(path),
    post: (path, body) => call(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    async upload(phoneNumberId, file) {
      const form = new FormData();
      form.set("messaging_product", "whatsapp");
      form.set("type", file.mimeType);
      form.set("file", new Blob([await readFile(file.path)], { type: file.mimeType }), file.fileName);
      const answer = await call<{ id: string }>(`${phoneNumberId}/media`, { method: "POST", body: form });
      return answer.id;
    },
    async download(mediaId) {
      const media = await call<{ url: string; mime_type: string }>(encodeURIComponent(mediaId));
      const response = await fetch(media.url, { headers: { authorization }, signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new GraphError(response.status, `media download: HTTP ${response.status}`);
      return { data: Buffer.from(await response.arrayBuffer()), mimeType: media.mime_type };
    },
  };
}
