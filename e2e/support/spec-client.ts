import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import { connect as netConnect, type AddressInfo } from "node:net";
import { io, type Socket } from "socket.io-client";

/**
 * A client of the spec's family (§7), the way the public Whaticket frontend talks: paths without
 * /api behind a proxy that adds it, a bearer token and a refresh cookie, `?token=` on the socket
 * handshake, one socket per screen with its joins, and the exact bodies of §7. No browser: plain
 * fetch and socket.io-client, so a journey reads like the spec (docs/compatibility.md).
 */

// ── The proxy ────────────────────────────────────────────────────────────────────────────────

/**
 * What such a client is served behind: every path gets /api in front, except what already
 * addresses the API root (/api/…: message media URLs) and the socket path (/socket.io, spec §7).
 * WebSocket upgrades are piped through unchanged. Answers its base URL and a close function.
 */
export async function startPrefixProxy(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const forwardPath = (path: string) => (path.startsWith("/api/") || path.startsWith("/socket.io") ? path : `/api${path}`);
  const server: Server = createServer((incoming, outgoing) => {
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: forwardPath(incoming.url ?? "/"), headers: { ...incoming.headers, host: upstream.host } },
      (answer: IncomingMessage) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  server.on("upgrade", (incoming: IncomingMessage, client, head: Buffer) => {
    const socket = netConnect(Number(upstream.port), upstream.hostname, () => {
      const headers = Object.entries({ ...incoming.headers, host: upstream.host }).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((one) => `${name}: ${one}`),
      );
      socket.write(`${incoming.method} ${forwardPath(incoming.url ?? "/")} HTTP/1.1\r\n${headers.join("\r\n")}\r\n\r\n`);
      socket.write(head);
      socket.pipe(client).pipe(socket);
    });
    socket.on("error", () => client.destroy());
    client.on("error", () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ── Cookies, as a browser keeps them ─────────────────────────────────────────────────────────

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/** Keeps cookies by name and path, and sends back only those whose path covers the request's (RFC 6265 §5.1.4). */
class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  store(setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const attribute = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.split("=")[1];
      const path = attribute("path") ?? "/";
      const expired = value === "" || attribute("max-age") === "0" || new Date(attribute("expires") ?? "9999-12-31") < new Date();
      if (expired) this.cookies.delete(`${name};${path}`);
      else this.cookies.set(`${name};${path}`, { name, value, path });
    }
  }

  headerFor(requestPath: string): string | undefined {
    const covers = (path: string) => requestPath === path || requestPath.startsWith(path.endsWith("/") ? path : `${path}/`);
    const sent = [...this.cookies.values()].filter((cookie) => covers(cookie.path)).map((cookie) => `${cookie.name}=${cookie.value}`);
    return sent.length > 0 ? sent.join("; ") : undefined;
  }
}

// ── HTTP calls of §7 ─────────────────────────────────────────────────────────────────────────

export class SpecCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    call: string,
  ) {
    super(`${call}: ${status} ${JSON.stringify(body)}`);
  }
}

type Query = Record<string, string | number | boolean | undefined>;

/** One signed-in user of the spec's client, talking to `base` (the proxy). */
export class SpecClient {
  private readonly jar = new CookieJar();
  token = "";
  user: { id: number; name: string; profile: string } | null = null;

  constructor(readonly base: string) {}

  /** A call as the client's axios instance makes it: bearer token, credentials (cookies), JSON. */
  async call<T = unknown>(method: string, path: string, options: { body?: unknown; query?: Query } = {}): Promise<T> {
    const search = new URLSearchParams(
      Object.entries(options.query ?? {}).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
    ).toString();
    const url = `${this.base}${path}${search ? `?${search}` : ""}`;
    const cookie = this.jar.headerFor(new URL(url).pathname);
    const response = await fetch(url, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(cookie ? { cookie } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    this.jar.store(response.headers.getSetCookie());
    const text = await response.text();
    const body: unknown = text ? JSON.parse(text) : null;
    if (!response.ok) throw new SpecCallError(response.status, body, `${method} ${path}`);
    return body as T;
  }

  // Auth
  async login(email: string, password: string) {
    const session = await this.call<{ token: string; user: SpecClient["user"] }>("POST", "/auth/login", { body: { email, password } });
    this.token = session.token;
    this.user = session.user;
    return session;
  }
  async refreshToken() {
    const session = await this.call<{ token: string; user: SpecClient["user"] }>("POST", "/auth/refresh_token");
    this.token = session.token;
    return session;
  }
  logout() {
    return this.call("DELETE", "/auth/logout");
  }

  // Tickets: the query as the ticket list sends it (queueIds as a JSON array, flags as text).
  listTickets(params: { status?: string; date?: string; showAll?: boolean; queueIds?: number[]; searchParam?: string; pageNumber?: number; withUnreadMessages?: boolean }) {
    const { queueIds, pageNumber = 1, searchParam = "", ...rest } = params;
    return this.call<{ tickets: { id: number; status: string; userId: number | null }[]; hasMore: boolean; count: number }>("GET", "/tickets", {
      query: { searchParam, pageNumber, ...rest, queueIds: queueIds ? JSON.stringify(queueIds) : undefined },
    });
  }
  showTicket(id: number) {
    return this.call<{ ticket: { id: number; status: string; userId: number | null }; hasPermission: boolean }>("GET", `/tickets/${id}`);
  }
  updateTicket(id: number, body: { status?: string; userId?: number | null; action?: string; sendFarewellMessage?: boolean; queueId?: number | null }) {
    return this.call<{ ticket: { id: number; status: string; userId: number | null; updatedAt: string }; ticketIsOpen?: boolean }>("PUT", `/tickets/${id}`, { body });
  }

  // Messages
  listMessages(ticketId: number, pageNumber = 1) {
    return this.call<{ messages: SpecMessage[]; hasMore: boolean; ticket: { id: number } }>("GET", `/messages/${ticketId}`, { query: { pageNumber } });
  }
  /** The JSON body of §7: {read, fromMe, mediaUrl, body, quotedMsg}. */
  sendMessage(ticketId: number, body: string, quotedMsg: SpecMessage | null = null) {
    return this.call("POST", `/messages/${ticketId}`, { body: { read: 1, fromMe: true, mediaUrl: "", body, quotedMsg } });
  }
  /** Media as the client fetches it: a blob from the message's URL, with the bearer token. */
  async fetchMedia(mediaUrl: string, withToken = true): Promise<Response> {
    return fetch(new URL(mediaUrl, this.base), { headers: withToken ? { authorization: `Bearer ${this.token}` } : {} });
  }

  // Users (admins)
  createUser(body: { name: string; email: string; password: string; profile: string; queueIds?: number[]; whatsappId?: number | "" | null }) {
    return this.call<{ id: number; whatsappId: number | null }>("POST", "/users", { body });
  }

  /** A socket of one screen: `?token=` in the handshake, then the screen's joins. */
  async openScreen(joins: Join[]): Promise<ScreenSocket> {
    const socket = io(this.base, { query: { token: this.token }, transports: ["websocket", "polling"], reconnection: false });
    const screen = new ScreenSocket(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", (error) => {
        socket.close();
        reject(error);
      });
    });
    for (const join of joins) {
      const answer = (await socket.timeout(10_000).emitWithAck(join.event, join.payload)) as { ok: boolean };
      if (!answer.ok) {
        socket.close();
        throw new Error(`${join.event}(${JSON.stringify(join.payload)}) refused`);
      }
    }
    return screen;
  }
}

export interface SpecMessage {
  id: number;
  ticketId: number;
  body: string;
  fromMe: boolean;
  mediaUrl: string | null;
  mediaType: string;
}

export type Join = { event: "joinNotification"; payload?: undefined } | { event: "joinTickets"; payload: string } | { event: "joinChatBox"; payload: number };

/** The spec's joins, spelled as a screen emits them. */
export const joins = {
  notification: (): Join => ({ event: "joinNotification" }),
  tickets: (status: "pending" | "open" | "closed"): Join => ({ event: "joinTickets", payload: status }),
  chatBox: (id: number): Join => ({ event: "joinChatBox", payload: id }),
};

// ── A screen's socket ────────────────────────────────────────────────────────────────────────

interface Heard {
  event: string;
  payload: Record<string, unknown>;
}

/** Records every event from connection on, so a journey can wait for one or prove another never came. */
export class ScreenSocket {
  readonly heard: Heard[] = [];
  private waiters: { match: (h: Heard) => boolean; resolve: (h: Heard) => void }[] = [];

  constructor(readonly socket: Socket) {
    socket.onAny((event: string, payload: Record<string, unknown>) => {
      const heard = { event, payload };
      this.heard.push(heard);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.match(heard)) return true;
        waiter.resolve(heard);
        return false;
      });
    });
  }

  /** Resolves with the first event (already heard or still to come) that matches. */
  waitFor(event: string, match: (payload: Record<string, unknown>) => boolean = () => true): Promise<Record<string, unknown>> {
    const test = (h: Heard) => h.event === event && match(h.payload);
    const found = this.heard.find(test);
    if (found) return Promise.resolve(found.payload);
    return new Promise((resolve) => this.waiters.push({ match: test, resolve: (h) => resolve(h.payload) }));
  }

  /** Ticket ids of the `appMessage` events heard so far. */
  messageTicketIds(): number[] {
    return this.heard.filter((h) => h.event === "appMessage").map((h) => (h.payload.message as { ticketId: number }).ticketId);
  }

  close(): void {
    this.socket.close();
  }
}

/** `appMessage` create of a message of that ticket (optionally with that text). */
export const messageOf =
  (ticketId: number, body?: string) =>
  (payload: Record<string, unknown>): boolean => {
    const message = payload.message as { ticketId: number; body: string } | undefined;
    return payload.action === "create" && message?.ticketId === ticketId && (body === undefined || message.body === body);
  };

/** `ticket` event of that ticket (optionally with that action). */
export const ticketEventOf =
  (ticketId: number, action?: string) =>
  (payload: Record<string, unknown>): boolean => {
    const id = (payload.ticket as { id: number } | undefined)?.id ?? payload.ticketId;
    return id === ticketId && (action === undefined || payload.action === action);
  };
