// What the ingest benchmarks do to a running server: admin calls, the API channel's inbound
// POST, an admin's socket.io client, and a pool of concurrent clients.
import { Agent, request as httpRequest } from "node:http";
import { io, type Socket } from "socket.io-client";
import { cloudWebhookBody, hubSignature } from "../../packages/server/src/test/fakes/graph-api.js";

/** Each request gives up after this long, so a stuck server cannot hold a run forever. */
const requestTimeoutMs = 60_000;

export async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A signed-in user (the admin, for most benchmarks): `post` creates something through the API and returns it. */
export interface AdminSession {
  base: string;
  token: string;
  post<T>(path: string, body: unknown): Promise<T>;
}

/**
 * Signs in. `from`: the local address the request leaves from (a loopback address such as
 * 127.0.0.2), so that a benchmark signing in more users than the server's sign-in throttle allows
 * per address (modules/auth/login-throttle.ts) comes from several addresses, as a real team
 * does, instead of the server's limit being raised for it. Linux routes all of 127.0.0.0/8 to the
 * loopback interface; elsewhere only 127.0.0.1 may exist.
 */
export async function login(base: string, credentials: { email: string; password: string }, from?: string): Promise<AdminSession> {
  const headers = { "content-type": "application/json" };
  const url = `${base}/api/auth/login`;
  const { token } = from
    ? await postFrom<{ token: string }>(url, credentials, from)
    : await json<{ token: string }>(await fetch(url, { method: "POST", headers, body: JSON.stringify(credentials) }));
  const authed = { ...headers, authorization: `Bearer ${token}` };
  return {
    base,
    token,
    post: async <T>(path: string, body: unknown) =>
      json<T>(await fetch(`${base}${path}`, { method: "POST", headers: authed, body: JSON.stringify(body), signal: AbortSignal.timeout(requestTimeoutMs) })),
  };
}

/** A JSON POST from a given local address (fetch cannot choose it), answered with JSON. */
function postFrom<T>(url: string, body: unknown, localAddress: string): Promise<T> {
  return postJson<T>(url, body, { localAddress, expected: 200 });
}

/**
 * Kept-alive connections for the inbound POSTs: node:http costs the bench about half the CPU per
 * request that fetch does, and on a 2-core machine every core the bench takes is one the server
 * being measured does not get.
 */
const inboundAgent = new Agent({ keepAlive: true, maxSockets: 512 });

/** A JSON POST answered with JSON; any status but `expected` is an error naming it. */
function postJson<T>(url: string, body: unknown, options: { expected: number; localAddress?: string; agent?: Agent; headers?: Record<string, string> }): Promise<T> {
  const payload = JSON.stringify(body);
  const headers = { ...options.headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) };
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: "POST", localAddress: options.localAddress, agent: options.agent, headers, signal: AbortSignal.timeout(requestTimeoutMs) },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          if (response.statusCode === options.expected) resolve(JSON.parse(text) as T);
          else reject(new Error(`${url}${options.localAddress ? ` from ${options.localAddress}` : ""}: ${response.statusCode} ${text}`));
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

/** One customer message as the external system posts it. */
export interface Inbound {
  externalId: string;
  number: string;
  name: string;
  body: string;
}

/** `base`: another instance of the same deployment to post to (default: the admin's). */
export type PostInbound = (message: Inbound, base?: string) => Promise<{ ticketId: number }>;

/**
 * An API connection whose new conversations start at `destination`, and how to post to it;
 * `extra`: more fields of the connection (a `webhookUrl` that receives the replies, say).
 */
export async function apiConnection(admin: AdminSession, name: string, destination: { type: string; id: number }, extra: Record<string, unknown> = {}): Promise<PostInbound> {
  const connection = await admin.post<{ id: number; apiToken: string }>("/api/whatsapp", {
    name,
    kind: "api",
    destinationType: destination.type,
    destinationItem: destination.id,
    ...extra,
  });
  const headers = { authorization: `Bearer ${connection.apiToken}` };
  return ({ externalId, number, name: customer, body }, base = admin.base) =>
    postJson<{ ticketId: number }>(`${base}/api/channels/${connection.id}/messages`, { externalId, from: { number, name: customer }, body }, { expected: 201, agent: inboundAgent, headers });
}

/**
 * A WhatsApp Cloud API connection (issue 32) and how Meta would post a customer's text to it: the
 * webhook body signed with the app secret (the fake Graph API's ids; only inbound is measured).
 */
export async function cloudConnection(
  admin: AdminSession,
  name: string,
  destination: { type: string; id: number },
  graph: { phoneNumberId: string; businessAccountId: string; accessToken: string },
): Promise<(message: Inbound, base?: string) => Promise<unknown>> {
  const appSecret = "bench-app-secret";
  const connection = await admin.post<{ id: number }>("/api/whatsapp", {
    name,
    kind: "whatsapp_cloud",
    destinationType: destination.type,
    destinationItem: destination.id,
    cloud: { ...graph, appSecret, verifyToken: "bench-verify-token" },
  });
  return ({ externalId, number, name: customer, body }, base = admin.base) => {
    const message = { from: number, id: `wamid.${externalId}`, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body } };
    const webhook = cloudWebhookBody(graph, { contacts: [{ wa_id: number, name: customer }], messages: [message] });
    const headers = { "x-hub-signature-256": hubSignature(appSecret, JSON.stringify(webhook)) };
    return postJson(`${base}/api/channels/whatsapp-cloud/${connection.id}/webhook`, webhook, { expected: 200, agent: inboundAgent, headers });
  };
}

/**
 * A signed-in user's socket.io client, connected (an admin's hears every `appMessage`): it asks
 * for every notification in its handshake, as the web app does (docs/decisions/0047).
 */
export async function adminSocket(admin: AdminSession): Promise<Socket> {
  const socket = io(admin.base, { path: "/socket.io", auth: { token: admin.token, joinNotification: true }, transports: ["websocket"], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  return socket;
}

/** An `appMessage` event as the benchmarks read it. */
export interface AppMessageEvent {
  action: string;
  message: { ticketId: number; body: string; fromMe: boolean };
}

/**
 * Hands every `appMessage` to `onEvent` from now on; the function returned waits until
 * `arrived()` holds after an event, or `timeoutMs` from its call, whichever comes first.
 */
export function listen(socket: Socket, onEvent: (event: AppMessageEvent) => void, arrived: () => boolean): (timeoutMs?: number) => Promise<void> {
  let done = () => {};
  const allArrived = new Promise<void>((resolve) => (done = resolve));
  socket.on("appMessage", (event: AppMessageEvent) => {
    onEvent(event);
    if (arrived()) done();
  });
  return async (timeoutMs = 30_000) => {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([allArrived, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
  };
}

/**
 * Runs `task(0)` … `task(count - 1)` on `concurrency` clients, each taking the next index when
 * its last task answered; returns the wall time in seconds.
 */
export async function pool(count: number, concurrency: number, task: (index: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
  return (performance.now() - started) / 1000;
}

/** Awaits `promise` and pushes how long it took (ms) into `samples`. */
export async function timed<T>(samples: number[], promise: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await promise();
  samples.push(performance.now() - start);
  return result;
}
