import type { Connection, TicketResult } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connections, tickets, users } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import { createConnection } from "../../test/channel-fixtures.js";
import { fakeDrivers } from "../../test/fake-driver.js";
import { createContact, createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectRefused } from "../../test/route-guards.js";
import { seedTeam, type Team } from "../../test/ticket-fixtures.js";

let server: TestServer;
let admin: string;
let team: Team;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  team = await seedTeam(server, admin); // its connection is the first, hence the default
});
afterAll(() => server.close());

function post(token: string | undefined, payload: object) {
  return server.request({ method: "POST", url: "/api/tickets", token, payload });
}

async function started(token: string, payload: object, status = 201): Promise<TicketResult> {
  const response = await post(token, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as TicketResult;
}

describe("POST /api/tickets", () => {
  it("refuses anonymous callers and unknown contacts, connections and queues", async () => {
    await expectRefused(server, [{ method: "POST", url: "/api/tickets", payload: { contactId: 1 } }], anonymous, 401, "ERR_SESSION_EXPIRED");
    const contact = await createContact(server, admin);
    const cases: [object, number, string][] = [
      [{ contactId: 999_999 }, 404, "ERR_NO_CONTACT_FOUND"],
      [{ contactId: contact.id, whatsappId: 999_999 }, 404, "ERR_NO_WAPP_FOUND"],
      [{ contactId: contact.id, queueId: 999_999 }, 404, "ERR_NO_QUEUE_FOUND"],
      [{ contactId: "x" }, 400, "ERR_MISSING_VALUES"],
    ];
    for (const [payload, status, code] of cases) {
      const response = await post(team.alice.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error).toBe(code);
    }
  });

  it("refuses the spec's second form {userId, status, invitedUserId, whatsappId}, saying what to use instead, and starts nothing", async () => {
    const before = await server.ctx.db.select({ id: tickets.id }).from(tickets);
    const response = await post(team.alice.token, { userId: team.alice.id, status: "open", invitedUserId: team.bob.id, whatsappId: team.connection.id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_MISSING_VALUES", message: expect.stringContaining("invitedUserId: a ticket is a conversation with a contact") });
    expect(response.json().message).toContain("POST /tickets/{id}/participant");
    expect(response.json().message).toContain("POST /chats");
    expect(await server.ctx.db.select({ id: tickets.id }).from(tickets)).toHaveLength(before.length);
  });

  it("starts an open ticket for the caller on the default connection", async () => {
    const contact = await createContact(server, admin);
    const result = await started(team.alice.token, { contactId: contact.id, userId: 12345 });
    expect(result).toMatchObject({
      ticketIsOpen: false,
      ticket: { status: "open", userId: team.alice.id, contactId: contact.id, whatsappId: team.connection.id, queueId: null, unreadMessages: 0 },
    });
  });

  it("uses the user's own connection, or the one asked for, and can start it pending in a queue", async () => {
    const queue = await createQueue(server, admin);
    const own = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
    const linked = await server.createUser();
    await server.ctx.db.update(users).set({ whatsappId: own.id }).where(eq(users.id, linked.id));
    const contact = await createContact(server, admin);
    expect((await started(linked.token, { contactId: contact.id })).ticket).toMatchObject({ whatsappId: own.id });
    const elsewhere = await started(linked.token, { contactId: contact.id, whatsappId: team.connection.id, queueId: queue.id, status: "pending" });
    expect(elsewhere.ticket).toMatchObject({ whatsappId: team.connection.id, status: "pending", userId: null, queueId: queue.id });
  });

  it("answers with the contact's active ticket: the caller's own, a waiting one taken, someone else's shown", async () => {
    const contact = await createContact(server, admin);
    const mine = await started(team.alice.token, { contactId: contact.id });
    expect(await started(team.alice.token, { contactId: contact.id }, 200)).toMatchObject({ ticketIsOpen: false, ticket: { id: mine.ticket.id } });
    expect(await started(team.bob.token, { contactId: contact.id }, 200)).toEqual({
      ticketIsOpen: true,
      ticket: { id: mine.ticket.id, status: "open", userId: team.alice.id, user: { id: team.alice.id, name: "Alice" }, queueId: null, queue: null },
    });

    const waiting = await createContact(server, admin);
    const pending = await started(team.alice.token, { contactId: waiting.id, status: "pending", queueId: team.queueB.id });
    expect(await started(team.carol.token, { contactId: waiting.id }, 200)).toMatchObject({ ticketIsOpen: true, ticket: { id: pending.ticket.id, status: "pending" } });
    expect(await started(team.bob.token, { contactId: waiting.id }, 200)).toMatchObject({ ticketIsOpen: false, ticket: { id: pending.ticket.id, status: "open", userId: team.bob.id } });
  });

  it("starts one ticket when two attendants start the same contact at once", async () => {
    const contact = await createContact(server, admin);
    const results = await Promise.all([post(team.alice.token, { contactId: contact.id }), post(team.carol.token, { contactId: contact.id })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const rows = await server.ctx.db.select().from(tickets).where(eq(tickets.contactId, contact.id));
    expect(rows).toHaveLength(1);
    expect(results.map((r) => (r.json() as TicketResult).ticketIsOpen).sort()).toEqual([false, true]);
  });

  it("needs a default connection when none is given and the user has none (ERR_NO_DEF_WAPP_FOUND)", async () => {
    const contact = await createContact(server, admin);
    await server.ctx.db.update(connections).set({ isDefault: false });
    try {
      const response = await post(team.carol.token, { contactId: contact.id });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe("ERR_NO_DEF_WAPP_FOUND");
    } finally {
      await server.ctx.db.update(connections).set({ isDefault: true }).where(eq(connections.id, team.connection.id));
    }
  });
});

describe("POST /api/tickets: the channel checks the number first", () => {
  const fakes = fakeDrivers();
  let whatsapp: Connection;
  beforeAll(async () => {
    server.ctx.channels.registerDriver("whatsapp", fakes.factory);
    whatsapp = await createConnection(server, admin, { kind: "whatsapp", destinationType: "queue", destinationItem: team.queueA.id });
  });

  it("refuses a number the channel cannot reach (ERR_WAPP_INVALID_CONTACT) and starts nothing", async () => {
    const contact = await createContact(server, admin);
    fakes.of(whatsapp.id).numberCheck = false;
    const response = await post(admin, { contactId: contact.id, whatsappId: whatsapp.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("ERR_WAPP_INVALID_CONTACT");
    expect(fakes.of(whatsapp.id).checkedNumbers).toContain(contact.number);
    expect(await server.ctx.db.select().from(tickets).where(eq(tickets.contactId, contact.id))).toEqual([]);
  });

  it("says the check failed (ERR_WAPP_CHECK_CONTACT) when the channel errs, and starts when it is not connected", async () => {
    const contact = await createContact(server, admin);
    fakes.of(whatsapp.id).numberCheck = new Error("socket closed");
    const failed = await post(admin, { contactId: contact.id, whatsappId: whatsapp.id });
    expect(failed.json().error).toBe("ERR_WAPP_CHECK_CONTACT");
    fakes.of(whatsapp.id).numberCheck = new AppError("WPP_NOT_CONNECTED");
    const started = await post(admin, { contactId: contact.id, whatsappId: whatsapp.id });
    expect(started.statusCode).toBe(201);
  });

  it("does not ask again for a contact whose conversation is already active", async () => {
    const contact = await createContact(server, admin);
    fakes.of(whatsapp.id).numberCheck = true;
    expect((await post(admin, { contactId: contact.id, whatsappId: whatsapp.id })).statusCode).toBe(201);
    fakes.of(whatsapp.id).numberCheck = false;
    expect((await post(admin, { contactId: contact.id, whatsappId: whatsapp.id })).statusCode).toBe(200);
  });
});
