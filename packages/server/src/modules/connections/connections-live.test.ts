import type { ConnectionEvent, TicketEvent, WhatsappSessionEvent } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { createConnection, inbound } from "../../test/channel-fixtures.js";
import { fakeDrivers } from "../../test/fake-driver.js";
import { createQueue } from "../../test/fixtures.js";
import { useLiveServer } from "../../test/live-server.js";
import { nextEvent, recordEvents, settle } from "../../test/socket-client.js";
import { waitFor } from "../../test/wait-for.js";

const live = useLiveServer();

describe("connection events", () => {
  it("announce created, changed and deleted connections to admins only", async () => {
    const adminSocket = await live.sockets.connect(live.admin);
    const attendantSocket = await live.sockets.connect((await live.server.createUser()).token);
    const attendantEvents = recordEvents(attendantSocket, "whatsapp");
    const attendantSessions = recordEvents(attendantSocket, "whatsappSession");
    const queue = await createQueue(live.server, live.admin);

    const created = nextEvent<ConnectionEvent>(adminSocket, "whatsapp");
    const session = nextEvent<WhatsappSessionEvent>(adminSocket, "whatsappSession");
    const connection = await createConnection(live.server, live.admin, { name: "Live One", destinationType: "queue", destinationItem: queue.id });
    expect(await created).toMatchObject({ action: "update", whatsapp: { id: connection.id, name: "Live One", status: "OPENING" } });
    expect(await session).toMatchObject({ action: "update", session: { id: connection.id, status: "CONNECTED", qrcode: "", retries: 0 } });

    const renamed = nextEvent<ConnectionEvent>(adminSocket, "whatsapp");
    await live.server.request({ method: "PUT", url: `/api/whatsapp/${connection.id}`, token: live.admin, payload: { name: "Renamed" } });
    expect(await renamed).toMatchObject({ action: "update", whatsapp: { name: "Renamed" } });

    const other = await createConnection(live.server, live.admin, { destinationType: "queue", destinationItem: queue.id });
    await settle(adminSocket);
    const removed = nextEvent<ConnectionEvent>(adminSocket, "whatsapp");
    await live.server.request({ method: "DELETE", url: `/api/whatsapp/${other.id}`, token: live.admin });
    expect(await removed).toEqual({ action: "delete", whatsappId: other.id });

    await settle(attendantSocket);
    expect(attendantEvents).toEqual([]);
    expect(attendantSessions).toEqual([]);
  });

  it("announce the conversations a deleted connection closes to who saw them: a waiting ticket's queue", async () => {
    const member = await live.server.createUser();
    const queue = await createQueue(live.server, live.admin, { userIds: [member.id] });
    await createConnection(live.server, live.admin, { destinationType: "queue", destinationItem: queue.id });
    const doomed = await createConnection(live.server, live.admin, { name: "Closing line", label: "Closing label", destinationType: "queue", destinationItem: queue.id });
    const memberSocket = await live.sockets.connect(member.token);
    const { ticketId } = await inbound(live.server, doomed);
    await settle(memberSocket);
    const tickets = recordEvents<TicketEvent>(memberSocket, "ticket");
    expect((await live.server.request({ method: "DELETE", url: `/api/whatsapp/${doomed.id}`, token: live.admin })).statusCode).toBe(200);
    await waitFor(() => tickets.length > 0);
    expect(tickets).toEqual([
      { action: "closed", ticket: expect.objectContaining({ id: ticketId, status: "closed", whatsappId: null, whatsapp: { id: null, name: "Closing line", label: null, kind: null } }) },
    ]);
  });

  it("announce the moved default flag for both connections", async () => {
    const adminSocket = await live.sockets.connect(live.admin);
    const queue = await createQueue(live.server, live.admin);
    const [current] = ((await live.server.request({ method: "GET", url: "/api/whatsapp", token: live.admin })).json() as Array<{ id: number; isDefault: boolean }>).filter(
      (c) => c.isDefault,
    );
    const next = await createConnection(live.server, live.admin, { destinationType: "queue", destinationItem: queue.id });
    await settle(adminSocket);
    const events = recordEvents<ConnectionEvent>(adminSocket, "whatsapp");
    await live.server.request({ method: "PUT", url: `/api/whatsapp/${next.id}`, token: live.admin, payload: { isDefault: true } });
    await settle(adminSocket);
    const flags = events.map((e) => (e.action === "update" ? [e.whatsapp.id, e.whatsapp.isDefault] : null));
    expect(flags).toEqual([
      [current!.id, false],
      [next.id, true],
    ]);
  });

  it("disconnect: DISCONNECTING at once, then the driver logs out and a fresh one reports its status", async () => {
    const fakes = fakeDrivers();
    live.server.ctx.channels.registerDriver("whatsapp", fakes.factory);
    const queue = await createQueue(live.server, live.admin);
    const connection = await createConnection(live.server, live.admin, { kind: "whatsapp", destinationType: "queue", destinationItem: queue.id });
    const first = fakes.of(connection.id);
    const adminSocket = await live.sockets.connect(live.admin);
    const sessions = recordEvents<WhatsappSessionEvent>(adminSocket, "whatsappSession");

    const response = await live.server.request({ method: "DELETE", url: `/api/whatsappsession/${connection.id}`, token: live.admin });
    expect(response.json()).toEqual({ ok: true });
    await waitFor(() => sessions.length >= 2, "the new driver's status");
    expect(sessions.map((s) => s.session.status)).toEqual(["DISCONNECTING", "CONNECTED"]);
    expect(first.calls).toEqual(["start", "logout", "stop"]);
    expect(fakes.of(connection.id)).not.toBe(first);
  });

  it("try again: a TIMEOUT shows why WhatsApp was unreachable, and POST /whatsappsession restarts the driver on its session", async () => {
    const fakes = fakeDrivers((driver) => {
      // The first driver cannot reach WhatsApp; the one "Try again" starts reaches it.
      const unreachable = fakes.made.length === 0;
      driver.onStart = () =>
        driver.events.onSession(unreachable ? { status: "TIMEOUT", qrcode: "", retries: 4, detail: "getaddrinfo ENOTFOUND web.whatsapp.com" } : { status: "qrcode", qrcode: "QR-1", retries: 0 });
    });
    live.server.ctx.channels.registerDriver("whatsapp", fakes.factory);
    const queue = await createQueue(live.server, live.admin);
    const adminSocket = await live.sockets.connect(live.admin);
    const sessions = recordEvents<WhatsappSessionEvent>(adminSocket, "whatsappSession");
    const connection = await createConnection(live.server, live.admin, { kind: "whatsapp", destinationType: "queue", destinationItem: queue.id });
    await waitFor(() => sessions.some((s) => s.session.id === connection.id && s.session.status === "TIMEOUT"), "TIMEOUT");
    const timedOut = sessions.find((s) => s.session.id === connection.id && s.session.status === "TIMEOUT");
    expect(timedOut?.session).toMatchObject({ qrcode: "", retries: 4, statusDetail: "getaddrinfo ENOTFOUND web.whatsapp.com" });
    const read = (await live.server.request({ method: "GET", url: `/api/whatsapp/${connection.id}`, token: live.admin })).json();
    expect(read).toMatchObject({ status: "TIMEOUT", qrcode: "", statusDetail: "getaddrinfo ENOTFOUND web.whatsapp.com" });

    const url = `/api/whatsappsession/${connection.id}`;
    const attendant = await live.server.createUser();
    expect((await live.server.request({ method: "POST", url, token: attendant.token })).json().error).toBe("ERR_NO_PERMISSION");
    const missing = await live.server.request({ method: "POST", url: "/api/whatsappsession/999999", token: live.admin });
    expect([missing.statusCode, missing.json().error]).toEqual([404, "ERR_NO_WAPP_FOUND"]);

    const response = await live.server.request({ method: "POST", url, token: live.admin });
    expect(response.json()).toEqual({ ok: true });
    expect(fakes.made.filter((d) => d.connectionId === connection.id).map((d) => d.calls)).toEqual([["start", "stop"], ["start"]]);
    // The detail belongs to the TIMEOUT: gone with the next status, and the QR is the QR again.
    const again = (await live.server.request({ method: "GET", url: `/api/whatsapp/${connection.id}`, token: live.admin })).json();
    expect(again).toMatchObject({ status: "qrcode", qrcode: "QR-1", statusDetail: "" });
  });

  it("pairs by phone number: answers the code, then PAIRING arrives live; not for API connections", async () => {
    const fakes = fakeDrivers((driver) => {
      Object.assign(driver, {
        requestPairingCode: async (phone: string) => {
          await driver.events.onSession({ status: "PAIRING", qrcode: "", retries: 0 });
          return `CODE-${phone.slice(-4)}`;
        },
      });
    });
    live.server.ctx.channels.registerDriver("whatsapp", fakes.factory);
    const queue = await createQueue(live.server, live.admin);
    const connection = await createConnection(live.server, live.admin, { kind: "whatsapp", destinationType: "queue", destinationItem: queue.id });
    const adminSocket = await live.sockets.connect(live.admin);
    const session = nextEvent<WhatsappSessionEvent>(adminSocket, "whatsappSession");
    const url = `/api/whatsappsession/${connection.id}/pairing-code`;
    const response = await live.server.request({ method: "POST", url, token: live.admin, payload: { number: "+55 11 98765-4321" } });
    expect(response.json()).toEqual({ code: "CODE-4321" });
    expect((await session).session.status).toBe("PAIRING");

    expect((await live.server.request({ method: "POST", url, token: live.admin, payload: { number: "12" } })).statusCode).toBe(400);
    const api = await createConnection(live.server, live.admin, { destinationType: "queue", destinationItem: queue.id });
    const refused = await live.server.request({ method: "POST", url: `/api/whatsappsession/${api.id}/pairing-code`, token: live.admin, payload: { number: "5511987654321" } });
    expect(refused.json().error).toBe("ERR_NO_WAPP_FOUND");
  });
});
