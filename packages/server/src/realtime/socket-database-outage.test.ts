import type { Connection, VisitorMessage, VisitorSession } from "@atendo/contracts";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client.js";
import { createConnection } from "../test/channel-fixtures.js";
import { createQueue } from "../test/fixtures.js";
import { createTestServer, type TestServer } from "../test/harness.js";
import { nextEvent } from "../test/socket-client.js";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../test/throwaway-postgres.js";

const site = "https://shop.example.com";
let postgres: ThrowawayPostgres;
let database: Database;
let server: TestServer;
let baseUrl: string;
const sockets: Socket[] = [];

// A PostgreSQL server of the test's own, which it stops and starts (docs/decisions/0100); the app runs in this process.
beforeAll(async () => {
  postgres = await startThrowawayPostgres();
  database = openDatabase({ url: postgres.url, poolSize: 5 });
  await database.migrate();
  server = await createTestServer({}, { database });
  baseUrl = await server.listen();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
  await database?.close();
  await postgres?.stop();
});

/** Resolves with the socket once connected, or with the handshake's refusal (socket.io's connect_error message). */
function opened(socket: Socket): Promise<Socket | string> {
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (error) => resolve(error.message));
  });
}

const staffSocket = (token: string) => opened(io(baseUrl, { path: "/socket.io", transports: ["websocket"], reconnection: false, auth: { token } }));

function visitorSocket(widget: Connection, session: VisitorSession) {
  const auth = { widgetKey: widget.webchat!.widgetKey, token: session.token };
  return opened(io(`${baseUrl}/visitors`, { path: "/socket.io", transports: ["websocket"], reconnection: false, auth, extraHeaders: { origin: site } }));
}

function connected(outcome: Socket | string): Socket {
  if (typeof outcome === "string") throw new Error(`refused: ${outcome}`);
  return outcome;
}

// Issue 35's leftover: a browser that (re)connects its socket while PostgreSQL is away.
describe("a socket connecting while the database is away", () => {
  it("is refused with ERR_DATABASE_UNAVAILABLE, not a sign-in refusal; once the database is back it connects and hears events", async () => {
    const token = await server.adminToken();
    await postgres.restart(async () => {
      // Not ERR_SESSION_EXPIRED: the web app would refresh a sign-in that is fine, an integration sign out.
      expect(await staffSocket(token)).toBe("ERR_DATABASE_UNAVAILABLE");
      expect(server.ctx.realtime.localSocketCount()).toBe(0);
    });
    const socket = connected(await staffSocket(token));
    const heard = nextEvent(socket, "settings");
    const response = await server.request({ method: "PUT", url: "/api/settings/userCreation", token, payload: { value: "disabled" } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await heard).toEqual({ action: "update", setting: { key: "userCreation", value: "disabled" } });
  });

  it("refuses a website visitor's socket the same way (the widget forgets its conversation on ERR_VISITOR_TOKEN); it connects and hears replies afterwards", async () => {
    const admin = await server.adminToken();
    const queue = await createQueue(server, admin, { greetingMessage: "" });
    const widget = await createConnection(server, admin, {
      kind: "webchat",
      destinationType: "queue",
      destinationItem: queue.id,
      webchat: { allowedOrigins: [site], color: "#112233", title: "Shop help", greeting: "Hi there!", preChat: { name: "optional", email: "off", phone: "off" } },
    } as never);
    const started = await server.app.inject({ method: "POST", url: `/api/webchat/${widget.webchat!.widgetKey}/visitors`, headers: { origin: site }, payload: { name: "Ana" } });
    expect(started.statusCode, started.body).toBe(201);
    const session = started.json() as VisitorSession;

    await postgres.restart(async () => {
      expect(await visitorSocket(widget, session)).toBe("ERR_DATABASE_UNAVAILABLE");
    });
    const socket = connected(await visitorSocket(widget, session));
    const heard = nextEvent<VisitorMessage>(socket, "message");
    const said = await server.app.inject({ method: "POST", url: `/api/webchat/${widget.webchat!.widgetKey}/messages`, headers: { origin: site, authorization: `Bearer ${session.token}` }, payload: { body: "still there?" } });
    expect(said.statusCode, said.body).toBe(201);
    expect(await heard).toMatchObject({ body: "still there?" });
  });
});
