import type { ConnectionIncident, ConnectionIncidentEvent, PushPayload } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp, type BuiltApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { connectionIncidents, connections } from "../../db/schema/index.js";
import { watchConnections } from "../../jobs/connection-watch.js";
import type { Mail } from "../../mailer.js";
import { createConnection } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { browserKeys, decryptPush, startPushEndpoint } from "../../test/push-endpoint.js";
import { anonymous, expectRefused } from "../../test/route-guards.js";
import { connectSocket, recordEvents } from "../../test/socket-client.js";
import { waitFor } from "../../test/wait-for.js";

/** Issue 31: a connection away from CONNECTED past the setting's minutes alerts admins once, and its recovery once. */
let server: TestServer;
let admin: string;
let baseUrl: string;
let queueId: number;
const mails: Mail[] = [];
let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
const minute = 60_000;

beforeAll(async () => {
  server = await createTestServer({ PUBLIC_URL: "https://atendo.example.com" }, { mailer: { send: async (mail) => void mails.push(mail) } });
  admin = await server.adminToken();
  baseUrl = await server.listen();
  endpoint = await startPushEndpoint();
  queueId = (await createQueue(server, admin)).id;
});
afterAll(async () => {
  await server.close();
  await endpoint.close();
});
beforeEach(async () => {
  // Every test starts from connections that are all up, incidents closed.
  await server.ctx.db.update(connections).set({ status: "CONNECTED" });
  await watchConnections(server.ctx, new Date(Date.now() - 1000 * minute));
  await server.ctx.events.settled();
  mails.length = 0;
});

const setStatus = (id: number, status: "CONNECTED" | "qrcode" | "TIMEOUT") => server.ctx.db.update(connections).set({ status }).where(eq(connections.id, id));
const newConnection = (label: string) => createConnection(server, admin, { label, destinationType: "queue", destinationItem: queueId });
const openAlerts = async () => (await server.request({ method: "GET", url: "/api/connection-incidents", token: admin })).json() as ConnectionIncident[];
const at = (start: number, minutes: number) => new Date(start + minutes * minute);

describe("the connection watch", () => {
  it("alerts after the threshold, once, and announces the recovery once, by socket, Web Push and e-mail", async () => {
    const connection = await newConnection("Sales line");
    const keys = browserKeys();
    const subscribed = await server.request({ method: "POST", url: "/api/push/subscriptions", token: admin, payload: { endpoint: endpoint.url("watch-admin"), keys: keys.json, language: "pt" } });
    expect(subscribed.statusCode).toBe(201);
    const start = Date.now() + 5 * minute;

    await setStatus(connection.id, "TIMEOUT");
    expect(await watchConnections(server.ctx, at(start, 0))).toEqual({ ran: true, alerted: 0, recovered: 0 });
    // Four minutes away is within the default five.
    expect(await watchConnections(server.ctx, at(start, 4))).toMatchObject({ alerted: 0 });
    expect(await openAlerts()).toEqual([]);
    expect(await watchConnections(server.ctx, at(start, 5))).toMatchObject({ alerted: 1 });
    expect(await watchConnections(server.ctx, at(start, 6))).toMatchObject({ alerted: 0, recovered: 0 });
    expect(await openAlerts()).toEqual([
      { id: expect.any(Number), whatsappId: connection.id, name: "Sales line", leftAt: at(start, 0).toISOString(), alertedAt: at(start, 5).toISOString(), recoveredAt: null },
    ]);

    await server.ctx.events.settled();
    await waitFor(() => endpoint.to("watch-admin").length === 1, "the alert's push");
    expect(mails.map((mail) => mail.subject)).toEqual(["[Atendo] Connection Sales line is down"]);
    expect(mails[0]).toMatchObject({ to: "admin@atendo.test" });
    expect(mails[0]!.text).toContain("https://atendo.example.com/connections");
    const alertPush = JSON.parse(decryptPush(endpoint.to("watch-admin")[0]!.body, keys)) as PushPayload;
    expect(alertPush).toMatchObject({ title: "A conexão Sales line caiu", url: "/connections" });

    // A tab open: the admin hears of the recovery by socket (and no push: the tab shows it).
    const tab = await connectSocket(baseUrl, admin);
    const heard = recordEvents<ConnectionIncidentEvent>(tab, "connectionIncident");
    try {
      await setStatus(connection.id, "CONNECTED");
      expect(await watchConnections(server.ctx, at(start, 7))).toMatchObject({ recovered: 1 });
      expect(await watchConnections(server.ctx, at(start, 8))).toMatchObject({ recovered: 0 });
      await server.ctx.events.settled();
      await waitFor(() => heard.length === 1, "the recovery's socket event");
      expect(heard[0]).toMatchObject({ action: "recovered", incident: { whatsappId: connection.id, recoveredAt: at(start, 7).toISOString() } });
      expect(mails.map((mail) => mail.subject)).toEqual(["[Atendo] Connection Sales line is down", "[Atendo] Connection Sales line is back"]);
      await server.ctx.push.idle();
      expect(endpoint.to("watch-admin")).toHaveLength(1);
      expect(await openAlerts()).toEqual([]);
    } finally {
      tab.close();
    }
  });

  it("says nothing of an absence shorter than the threshold, and nothing at all when set to 0", async () => {
    const connection = await newConnection("Brief");
    const start = Date.now() + 10 * minute;
    await setStatus(connection.id, "qrcode");
    await watchConnections(server.ctx, at(start, 0));
    await setStatus(connection.id, "CONNECTED");
    expect(await watchConnections(server.ctx, at(start, 4))).toMatchObject({ alerted: 0, recovered: 0 });

    expect((await server.request({ method: "PUT", url: "/api/settings/connectionAlertMinutes", token: admin, payload: { value: "0" } })).statusCode).toBe(200);
    try {
      await setStatus(connection.id, "qrcode");
      await watchConnections(server.ctx, at(start, 10));
      expect(await watchConnections(server.ctx, at(start, 100))).toMatchObject({ alerted: 0 });
      await server.ctx.events.settled();
      expect(mails).toEqual([]);
    } finally {
      await server.request({ method: "PUT", url: "/api/settings/connectionAlertMinutes", token: admin, payload: { value: "5" } });
    }
  });

  it("the threshold is the setting's: admins only, whole minutes from 0 to 1440", async () => {
    const put = (value: string) => server.request({ method: "PUT", url: "/api/settings/connectionAlertMinutes", token: admin, payload: { value } });
    for (const bad of ["-1", "1441", "2.5", "abc", ""]) expect((await put(bad)).json().error, bad).toBe("ERR_MISSING_VALUES");
    expect((await put("2")).json()).toMatchObject({ key: "connectionAlertMinutes", value: "2" });
    const connection = await newConnection("Two minutes");
    const start = Date.now() + 20 * minute;
    try {
      await setStatus(connection.id, "TIMEOUT");
      await watchConnections(server.ctx, at(start, 0));
      expect(await watchConnections(server.ctx, at(start, 2))).toMatchObject({ alerted: 1 });
    } finally {
      await put("5");
    }
  });

  it("stays silent when an admin disconnected the connection, and alerts again on a later, accidental absence", async () => {
    const connection = await newConnection("Deliberate");
    const start = Date.now() + 30 * minute;
    expect((await server.request({ method: "DELETE", url: `/api/whatsappsession/${connection.id}`, token: admin })).statusCode).toBe(200);
    // Whatever the fresh driver reports, the connection stays away (waiting for a QR code, say).
    await setStatus(connection.id, "qrcode");
    await watchConnections(server.ctx, at(start, 0));
    expect(await watchConnections(server.ctx, at(start, 60))).toMatchObject({ alerted: 0 });
    await setStatus(connection.id, "CONNECTED");
    expect(await watchConnections(server.ctx, at(start, 61))).toMatchObject({ recovered: 0 });

    await setStatus(connection.id, "TIMEOUT");
    await watchConnections(server.ctx, at(start, 62));
    expect(await watchConnections(server.ctx, at(start, 67))).toMatchObject({ alerted: 1 });
    await server.ctx.events.settled();
    expect(mails.map((mail) => mail.subject)).toEqual(["[Atendo] Connection Deliberate is down"]);
  });

  it("says nothing of a deleted connection: its incident goes with it", async () => {
    await newConnection("Keeps the default");
    const connection = await newConnection("Deleted");
    const start = Date.now() + 40 * minute;
    await setStatus(connection.id, "TIMEOUT");
    await watchConnections(server.ctx, at(start, 0));
    expect((await server.request({ method: "DELETE", url: `/api/whatsapp/${connection.id}`, token: admin })).statusCode).toBe(200);
    expect(await watchConnections(server.ctx, at(start, 10))).toMatchObject({ alerted: 0, recovered: 0 });
    expect(await server.ctx.db.select().from(connectionIncidents).where(eq(connectionIncidents.connectionId, connection.id))).toEqual([]);
  });

  it("two instances on one database alert once and recover once", async () => {
    const other: BuiltApp = await buildApp({ config: loadConfig({ LOG_LEVEL: "silent" }), database: server.ctx.database, mailer: { send: async (mail) => void mails.push(mail) } });
    try {
      const connection = await newConnection("Shared");
      const start = Date.now() + 50 * minute;
      await setStatus(connection.id, "TIMEOUT");
      await Promise.all([watchConnections(server.ctx, at(start, 0)), watchConnections(other.ctx, at(start, 0))]);
      const rounds = await Promise.all([watchConnections(server.ctx, at(start, 6)), watchConnections(other.ctx, at(start, 6)), watchConnections(other.ctx, at(start, 7))]);
      expect(rounds.reduce((sum, round) => sum + round.alerted, 0)).toBe(1);
      // Each instance mails from its own event listeners after commit: the alert's mail is sent
      // before the connection comes back, or the other instance's "back" could be mailed first.
      await server.ctx.events.settled();
      await other.ctx.events.settled();
      await setStatus(connection.id, "CONNECTED");
      const back = await Promise.all([watchConnections(server.ctx, at(start, 8)), watchConnections(other.ctx, at(start, 8)), watchConnections(server.ctx, at(start, 9))]);
      expect(back.reduce((sum, round) => sum + round.recovered, 0)).toBe(1);
      await server.ctx.events.settled();
      await other.ctx.events.settled();
      expect(mails.map((mail) => mail.subject)).toEqual(["[Atendo] Connection Shared is down", "[Atendo] Connection Shared is back"]);
      expect(await server.ctx.db.select().from(connectionIncidents).where(eq(connectionIncidents.connectionId, connection.id))).toHaveLength(1);
    } finally {
      await other.app.close();
    }
  });

  it("GET /api/connection-incidents is for admins", async () => {
    const attendant = await server.createUser({ name: "Attendant" });
    await expectRefused(server, [{ method: "GET", url: "/api/connection-incidents" }], anonymous, 401, "ERR_SESSION_EXPIRED");
    await expectRefused(server, [{ method: "GET", url: "/api/connection-incidents" }], attendant.token, 403, "ERR_NO_PERMISSION");
  });
});
