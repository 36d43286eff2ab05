import { limits, type Connection } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection, inbound } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectRefused, type RouteCall } from "../../test/route-guards.js";

let server: TestServer;
let admin: string;
let queueId: number;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  queueId = (await createQueue(server, admin, { name: "Connections Queue" })).id;
});
afterAll(() => server.close());

const routeTo = () => ({ destinationType: "queue" as const, destinationItem: queueId });

async function list(): Promise<Connection[]> {
  return (await server.request({ method: "GET", url: "/api/whatsapp/", token: admin })).json() as Connection[];
}

function put(id: number, payload: object) {
  return server.request({ method: "PUT", url: `/api/whatsapp/${id}`, token: admin, payload });
}

const defaults = async () => (await list()).filter((c) => c.isDefault).map((c) => c.id);

describe("connection routes: guards", () => {
  const calls: RouteCall[] = [
    { method: "GET", url: "/api/whatsapp" },
    { method: "GET", url: "/api/whatsapp/1" },
    { method: "POST", url: "/api/whatsapp", payload: { name: "Guarded", destinationType: "queue", destinationItem: 1 } },
    { method: "PUT", url: "/api/whatsapp/1", payload: { name: "Guarded" } },
    { method: "DELETE", url: "/api/whatsapp/1" },
    { method: "DELETE", url: "/api/whatsappsession/1" },
    { method: "POST", url: "/api/whatsappsession/1" },
    { method: "POST", url: "/api/whatsappsession/1/pairing-code", payload: { number: "5511987654321" } },
    { method: "GET", url: "/api/tickets/count?whatsappId=1" },
  ];

  it("reject anonymous users on every route", async () => {
    await expectRefused(server, calls, anonymous, 401, "ERR_SESSION_EXPIRED");
  });

  it("reject attendants on every route (admin screens)", async () => {
    const attendant = await server.createUser();
    await expectRefused(server, calls, attendant.token, 403, "ERR_NO_PERMISSION");
  });
});

describe("connection rules (spec §5)", () => {
  it("makes the first connection the default, whatever was asked, and later ones not unless asked", async () => {
    const first = await createConnection(server, admin, { name: "First", isDefault: false, ...routeTo() });
    expect(first.isDefault).toBe(true);
    const second = await createConnection(server, admin, { name: "Second", ...routeTo() });
    expect(second.isDefault).toBe(false);
    expect(await defaults()).toEqual([first.id]);
  });

  it("refuses to switch the default off; choosing another default moves the flag", async () => {
    const [current] = await defaults();
    const refused = await put(current!, { isDefault: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("ERR_NO_OTHER_WHATSAPP");

    const other = await createConnection(server, admin, { name: "Next Default", ...routeTo() });
    expect((await put(other.id, { isDefault: true })).json().isDefault).toBe(true);
    expect(await defaults()).toEqual([other.id]);
    const created = await createConnection(server, admin, { name: "Born Default", isDefault: true, ...routeTo() });
    expect(await defaults()).toEqual([created.id]);
  });

  it("moves the flag atomically under concurrent requests: exactly one default at the end", async () => {
    const candidates = await Promise.all([1, 2, 3, 4, 5].map((n) => createConnection(server, admin, { name: `Racer ${n}`, ...routeTo() })));
    const responses = await Promise.all(candidates.map((c) => put(c.id, { isDefault: true })));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const winners = await defaults();
    expect(winners).toHaveLength(1);
    expect(candidates.map((c) => c.id)).toContain(winners[0]);
  });

  it("requires name, destination type and item; refuses missing destinations of every kind", async () => {
    const post = (payload: object) => server.request({ method: "POST", url: "/api/whatsapp", token: admin, payload });
    for (const payload of [{ destinationType: "queue", destinationItem: queueId }, { name: "No Destination" }, { name: "x", ...routeTo() }]) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe("ERR_MISSING_VALUES");
    }
    for (const destinationType of ["users", "uras", "announcements", "monitorings"]) {
      const response = await post({ name: "Nowhere", destinationType, destinationItem: 999_999 });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe("ERR_NO_DESTINATION_FOUND");
    }
    const missing = await post({ name: "Ghost Queue", destinationType: "queue", destinationItem: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe("ERR_NO_DESTINATION_FOUND");
    expect((await post({ name: "Bad Hook", kind: "api", webhookUrl: "ftp://example.com", ...routeTo() })).statusCode).toBe(400);
    const connection = await createConnection(server, admin, routeTo());
    expect((await put(connection.id, { destinationType: "users" })).statusCode).toBe(400); // the item must come along
  });

  it("gives API connections a token and webhook secret, shown to admins; WhatsApp ones none", async () => {
    const api = await createConnection(server, admin, { name: "Gateway", label: "SMS", webhookUrl: "https://example.com/hook", ...routeTo() });
    expect(api).toMatchObject({ kind: "api", label: "SMS", status: "CONNECTED", webhookUrl: "https://example.com/hook" });
    expect(api.apiToken).toMatch(/^[\w-]{43}$/);
    expect(api.webhookSecret).toMatch(/^[\w-]{43}$/);
    expect(api.destinations).toEqual([{ destinationType: "queue", destinationTypeId: queueId }]);
    const whatsapp = await createConnection(server, admin, { kind: "whatsapp", webhookUrl: "https://ignored.example", ...routeTo() });
    expect(whatsapp).toMatchObject({ apiToken: null, webhookSecret: null, webhookUrl: null, status: "OPENING" });

    const rotated = (await put(api.id, { regenerateSecrets: true, farewellMessage: "Bye!", canCloseTicketByMessage: true })).json();
    expect(rotated.apiToken).not.toBe(api.apiToken);
    expect(rotated.webhookSecret).not.toBe(api.webhookSecret);
    expect(rotated).toMatchObject({ farewellMessage: "Bye!", canCloseTicketByMessage: true, label: "SMS" });
    expect((await put(api.id, { label: "" })).json().label).toBeNull();
  });
});

describe("close code and business hours", () => {
  const hours = [[], [{ start: "08:00", end: "12:00" }, { start: "13:00", end: "18:00" }], [], [], [], [{ start: "09:00", end: "24:00" }], []];

  it("defaults to `#`, always open and no out-of-hours message", async () => {
    const connection = await createConnection(server, admin, routeTo());
    expect(connection).toMatchObject({ closeCode: "#", businessHours: null, outOfHoursMessage: "" });
  });

  it("stores them on create and changes them on update, as read back", async () => {
    const created = await createConnection(server, admin, { closeCode: " 0 ", businessHours: hours, outOfHoursMessage: "We open at 8.", ...routeTo() });
    expect(created).toMatchObject({ closeCode: "0", businessHours: hours, outOfHoursMessage: "We open at 8." });
    expect((await server.request({ method: "GET", url: `/api/whatsapp/${created.id}`, token: admin })).json()).toMatchObject({ closeCode: "0", businessHours: hours });
    const changed = (await put(created.id, { closeCode: "sair", businessHours: null, outOfHoursMessage: "" })).json();
    expect(changed).toMatchObject({ closeCode: "sair", businessHours: null, outOfHoursMessage: "" });
    expect((await put(created.id, { farewellMessage: "Bye" })).json()).toMatchObject({ closeCode: "sair", businessHours: null });
  });

  it("refuses an empty or long close code and malformed hours", async () => {
    const connection = await createConnection(server, admin, routeTo());
    const sixDays = hours.slice(1);
    const backwards = [[{ start: "18:00", end: "08:00" }], [], [], [], [], [], []];
    for (const payload of [{ closeCode: "" }, { closeCode: "x".repeat(limits.closeCodeMax + 1) }, { businessHours: sixDays }, { businessHours: backwards }, { businessHours: [["08:00"], [], [], [], [], [], []] }]) {
      const response = await put(connection.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe("ERR_MISSING_VALUES");
    }
  });
});

describe("DELETE /api/whatsapp/:id and GET /api/tickets/count", () => {
  it("counts a connection's tickets; once it is deleted, none is its own (they are kept: connection-delete.test.ts)", async () => {
    const connection = await createConnection(server, admin, routeTo());
    await inbound(server, connection);
    await inbound(server, connection);
    const count = await server.request({ method: "GET", url: `/api/tickets/count?whatsappId=${connection.id}`, token: admin });
    expect(count.json()).toEqual({ count: 2 });
    expect((await server.request({ method: "DELETE", url: `/api/whatsapp/${connection.id}`, token: admin })).json()).toEqual({ ok: true });
    expect((await server.request({ method: "GET", url: `/api/whatsapp/${connection.id}`, token: admin })).json().error).toBe("ERR_NO_WAPP_FOUND");
    const after = await server.request({ method: "GET", url: `/api/tickets/count?whatsappId=${connection.id}`, token: admin });
    expect(after.json()).toEqual({ count: 0 });
  });

  it("refuses to delete the default while other connections exist", async () => {
    const [current] = await defaults();
    const response = await server.request({ method: "DELETE", url: `/api/whatsapp/${current}`, token: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("ERR_NO_OTHER_WHATSAPP");
    expect(await defaults()).toEqual([current]);
  });

  it("answers ERR_NO_WAPP_FOUND for a missing id", async () => {
    for (const [method, url] of [
      ["GET", "/api/whatsapp/999999"],
      ["PUT", "/api/whatsapp/999999"],
      ["DELETE", "/api/whatsapp/999999"],
      ["DELETE", "/api/whatsappsession/999999"],
    ] as const) {
      const response = await server.request({ method, url, token: admin, payload: method === "PUT" ? {} : undefined });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error).toBe("ERR_NO_WAPP_FOUND");
    }
  });
});
