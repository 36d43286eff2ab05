import type { Connection, VisitorMessage, VisitorMessagePage, VisitorSession, WebchatConfig } from "@atendo/contracts";
import { channelIdentity } from "@atendo/contracts";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { exeBytes, multipart, pngBytes } from "../../test/media-samples.js";
import { connectSocket, recordEvents, settle } from "../../test/socket-client.js";
import { waitFor } from "../../test/wait-for.js";
import { webchatLimits } from "./webchat.routes.js";

const site = "https://shop.example.com";
let server: TestServer;
let baseUrl: string;
let admin: string;
let widget: Connection;
let addressSeq = 0;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await createTestServer();
  baseUrl = await server.listen();
  admin = await server.adminToken();
  widget = await webchatConnection();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.close();
});

async function webchatConnection(extra: Record<string, unknown> = {}, preChat = { name: "optional", email: "off", phone: "off" }) {
  const queue = await createQueue(server, admin, { greetingMessage: "" });
  return createConnection(server, admin, {
    kind: "webchat",
    destinationType: "queue",
    destinationItem: queue.id,
    webchat: { allowedOrigins: [site], color: "#112233", title: "Shop help", greeting: "Hi there!", preChat },
    ...extra,
  } as never);
}

/** Each visitor from an address of its own, so the per-address limits of one test do not reach another. */
const newAddress = () => `10.9.${Math.floor(++addressSeq / 250)}.${(addressSeq % 250) + 1}`;

function call(options: { method: "GET" | "POST" | "OPTIONS"; path: string; key?: string; token?: string; origin?: string | null; payload?: unknown; headers?: Record<string, string>; address?: string }) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.origin !== null) headers.origin = options.origin ?? site;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return server.app.inject({
    method: options.method,
    url: `/api/webchat/${options.key ?? widget.webchat!.widgetKey}${options.path}`,
    headers,
    payload: options.payload as string | object | Buffer | undefined,
    remoteAddress: options.address ?? "10.1.1.1",
  });
}

async function startVisitor(body: object = { name: "Ana" }, key?: string): Promise<VisitorSession> {
  const response = await call({ method: "POST", path: "/visitors", payload: body, key, address: newAddress() });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as VisitorSession;
}

async function say(session: VisitorSession, body: string): Promise<VisitorMessage> {
  const response = await call({ method: "POST", path: "/messages", token: session.token, payload: { body }, address: newAddress() });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as VisitorMessage;
}

async function history(session: VisitorSession): Promise<VisitorMessage[]> {
  const response = await call({ method: "GET", path: "/messages", token: session.token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as VisitorMessagePage).messages;
}

function visitorSocket(session: VisitorSession, options: { origin?: string; key?: string } = {}): Promise<Socket> {
  const socket = io(`${baseUrl}/visitors`, {
    path: "/socket.io",
    transports: ["websocket"],
    reconnection: false,
    auth: { widgetKey: options.key ?? widget.webchat!.widgetKey, token: session.token },
    extraHeaders: { origin: options.origin ?? site },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (error) => reject(error));
  });
}

async function ticketOf(session: VisitorSession): Promise<{ id: number; status: string }> {
  const response = await server.request({ method: "GET", url: `/api/tickets?searchParam=${channelIdentity("webchat", session.visitorId)}&status=pending`, token: admin });
  const tickets = (response.json() as { tickets: Array<{ id: number; status: string; contact: { number: string } }> }).tickets;
  const ticket = tickets.find((t) => t.contact.number === channelIdentity("webchat", session.visitorId));
  if (!ticket) throw new Error(`no ticket: ${response.body}`);
  return ticket;
}

describe("webchat: the connection and the widget's config", () => {
  it("answers the connection with its public widget key, and the config to an allowed origin with CORS for it alone", async () => {
    expect(widget.kind).toBe("webchat");
    expect(widget.webchat?.widgetKey).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const response = await call({ method: "GET", path: "/config" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["access-control-allow-origin"]).toBe(site);
    expect(response.json()).toEqual({
      title: "Shop help",
      color: "#112233",
      greeting: "Hi there!",
      preChat: { name: "optional", email: "off", phone: "off" },
      open: true,
      outOfHoursMessage: "",
    } satisfies WebchatConfig);
    const preflight = await call({ method: "OPTIONS", path: "/messages", headers: { "access-control-request-method": "POST" } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe(site);
    expect(String(preflight.headers["access-control-allow-headers"])).toContain("authorization");
  });

  it("refuses another origin, or none, with 403 ERR_WEBCHAT_ORIGIN and no CORS header; an unknown key is 404", async () => {
    for (const origin of ["https://evil.example.com", "http://shop.example.com", null]) {
      for (const [method, path] of [["GET", "/config"], ["POST", "/visitors"], ["OPTIONS", "/messages"]] as const) {
        const response = await call({ method, path, origin, payload: method === "POST" ? {} : undefined });
        expect(response.statusCode, `${method} ${path} ${origin}`).toBe(403);
        expect(response.json().error).toBe("ERR_WEBCHAT_ORIGIN");
        expect(response.headers["access-control-allow-origin"]).toBeUndefined();
      }
    }
    expect((await call({ method: "GET", path: "/config", key: "unknown-widget-key" })).statusCode).toBe(404);
    // An API connection has no widget key to be found by.
    const queue = await createQueue(server, admin);
    const api = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
    expect((await call({ method: "GET", path: "/config", key: String(api.apiToken).slice(0, 20) })).statusCode).toBe(404);
  });

  it("says when the connection is out of hours, with its message", async () => {
    const closed = await webchatConnection({ businessHours: Array.from({ length: 7 }, () => []), outOfHoursMessage: "We are back at 8." });
    const response = await call({ method: "GET", path: "/config", key: closed.webchat!.widgetKey });
    expect(response.json()).toMatchObject({ open: false, outOfHoursMessage: "We are back at 8." });
  });
});

describe("webchat: visitors", () => {
  it("checks the pre-chat fields against off, optional and required", async () => {
    const strict = await webchatConnection({}, { name: "required", email: "required", phone: "optional" });
    const key = strict.webchat!.widgetKey;
    const missing = await call({ method: "POST", path: "/visitors", key, payload: { name: "Ana" }, address: newAddress() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: "ERR_MISSING_VALUES" });
    expect(missing.json().message).toContain("email");
    const badEmail = await call({ method: "POST", path: "/visitors", key, payload: { name: "Ana", email: "not-an-email" }, address: newAddress() });
    expect(badEmail.statusCode).toBe(400);
    const session = await startVisitor({ name: "Ana", email: "ana@example.com", phone: "+55 21 99999-0000" }, key);
    expect(session.token).toMatch(/^v1\./);
    // The first message makes the contact, with the pre-chat e-mail.
    const response = await call({ method: "POST", path: "/messages", key, token: session.token, payload: { body: "Hi" }, address: newAddress() });
    expect(response.statusCode).toBe(201);
    const contacts = await server.request({ method: "GET", url: `/api/contacts?searchParam=${channelIdentity("webchat", session.visitorId)}`, token: admin });
    expect(contacts.json().contacts[0]).toMatchObject({ name: "Ana", email: "ana@example.com", number: channelIdentity("webchat", session.visitorId) });
  });

  it("requires the visitor's token, signed for this widget", async () => {
    const session = await startVisitor();
    const other = await webchatConnection();
    const foreign = await startVisitor({}, other.webchat!.widgetKey);
    const forged = session.token.replace(/\.\d+\./, `.${session.visitorId + 1}.`);
    for (const token of [undefined, "garbage", forged, foreign.token]) {
      for (const [method, path] of [["GET", "/messages"], ["POST", "/messages"], ["POST", "/files"], ["GET", "/media/x.png"]] as const) {
        const response = await call({ method, path, token, payload: method === "POST" ? { body: "x" } : undefined });
        expect(response.statusCode, `${method} ${path} ${token}`).toBe(401);
        expect(response.json().error).toBe("ERR_VISITOR_TOKEN");
      }
    }
    await expect(visitorSocket({ ...session, token: forged })).rejects.toThrow("ERR_VISITOR_TOKEN");
    await expect(visitorSocket(session, { origin: "https://evil.example.com" })).rejects.toThrow("ERR_WEBCHAT_ORIGIN");
  });

  it("a visitor reads only their own conversation, over HTTP and over the socket", async () => {
    const a = await startVisitor({ name: "Ana" });
    const b = await startVisitor({ name: "Bruno" });
    const socketB = await visitorSocket(b);
    const heardByB = recordEvents<VisitorMessage>(socketB, "message");
    await say(a, "Ana's secret");
    const ticketA = await ticketOf(a);
    expect((await server.request({ method: "POST", url: `/api/messages/${ticketA.id}`, token: admin, payload: { body: "Reply to Ana" } })).statusCode).toBe(201);
    await say(b, "Bruno here");
    await waitFor(() => heardByB.length > 0, "Bruno's own message on his socket");
    expect((await history(b)).map((m) => m.body)).toEqual(["Bruno here"]);
    expect(heardByB.map((m) => m.body)).toEqual(["Bruno here"]);
    expect((await history(a)).map((m) => m.body)).toEqual(["Ana's secret", expect.stringContaining("Reply to Ana")]);
  });

  it("no staff event reaches the visitors' namespace", async () => {
    const session = await startVisitor();
    const socket = await visitorSocket(session);
    const heard: string[] = [];
    socket.onAny((event: string) => heard.push(event));
    const staff = await connectSocket(baseUrl, admin);
    sockets.push(staff);
    const staffHeard = recordEvents(staff, "appMessage");
    await say(session, "hello");
    await waitFor(() => staffHeard.length > 0 && heard.length > 0, "the message on both sides");
    await settle(staff);
    expect(heard).toEqual(["message"]);
  });
});

describe("webchat: conversation", () => {
  it("a visitor's message becomes a ticket; the attendant's reply reaches the visitor's socket, marked sent, and the history", async () => {
    const session = await startVisitor({ name: "Carla" });
    const socket = await visitorSocket(session);
    const heard = recordEvents<VisitorMessage>(socket, "message");
    const mine = await say(session, "Where is my order?");
    expect(mine).toMatchObject({ body: "Where is my order?", fromMe: false, mediaType: "chat" });
    const ticket = await ticketOf(session);
    expect(ticket.status).toBe("pending");
    const sent = await server.request({ method: "POST", url: `/api/messages/${ticket.id}`, token: admin, payload: { body: "On its way" } });
    expect(sent.statusCode).toBe(201);
    await waitFor(() => heard.some((m) => m.fromMe && m.body.includes("On its way")), "the reply on the visitor's socket");
    const staffPage = await server.request({ method: "GET", url: `/api/messages/${ticket.id}`, token: admin });
    const reply = (staffPage.json() as { messages: Array<{ body: string; ack: number; fromMe: boolean }> }).messages.find((m) => m.fromMe);
    await waitFor(async () => {
      const page = await server.request({ method: "GET", url: `/api/messages/${ticket.id}`, token: admin });
      return (page.json() as { messages: Array<{ ack: number; fromMe: boolean }> }).messages.some((m) => m.fromMe && m.ack >= 1);
    }, "the reply marked sent");
    expect(reply?.body).toContain("On its way");
    const bodies = (await history(session)).map((m) => [m.fromMe, m.body]);
    expect(bodies).toEqual([[false, "Where is my order?"], [true, expect.stringContaining("On its way")]]);
  });

  it("files: checked like every upload, readable only by their visitor", async () => {
    const session = await startVisitor();
    const upload = (file: Buffer, fileName: string, type: string, token = session.token) => {
      const form = multipart([{ name: "file", file, fileName, type }, { name: "body", value: "my photo" }]);
      return call({ method: "POST", path: "/files", token, payload: form.payload, headers: form.headers, address: newAddress() });
    };
    const refused = await upload(exeBytes(), "tool.exe", "application/octet-stream");
    expect(refused.statusCode).toBe(415);
    const stored = await upload(pngBytes, "photo.png", "image/png");
    expect(stored.statusCode, stored.body).toBe(201);
    const message = stored.json() as VisitorMessage;
    expect(message).toMatchObject({ mediaType: "image", fileName: "photo.png", body: "my photo" });
    const own = await call({ method: "GET", path: `/media/${message.mediaName}`, token: session.token });
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("image/png");
    const other = await startVisitor();
    expect((await call({ method: "GET", path: `/media/${message.mediaName}`, token: other.token })).statusCode).toBe(404);
  });

  it("rate limits messages per visitor and new visitors per address", async () => {
    const session = await startVisitor();
    const statuses: number[] = [];
    for (let i = 0; i <= webchatLimits.sendsPerVisitor.max; i += 1) {
      statuses.push((await call({ method: "POST", path: "/messages", token: session.token, payload: { body: `m${i}` }, address: newAddress() })).statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another visitor is not held back by the first one's limit.
    await say(await startVisitor(), "still fine");

    const address = newAddress();
    const starts: number[] = [];
    for (let i = 0; i <= webchatLimits.startsPerAddress.max; i += 1) {
      starts.push((await call({ method: "POST", path: "/visitors", payload: {}, address })).statusCode);
    }
    expect(starts.at(-1)).toBe(429);
    expect(starts.slice(0, -1).every((s) => s === 201)).toBe(true);
  });
});
