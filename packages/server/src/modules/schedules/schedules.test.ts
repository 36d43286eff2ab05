import type { Connection, Schedule, SchedulePage } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, schedules, tickets } from "../../db/schema/index.js";
import { createConnection } from "../../test/channel-fixtures.js";
import { createContact, createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectError, expectMissingId, expectRefused, resourceCalls } from "../../test/route-guards.js";
import { recordEvents, settle, socketPool } from "../../test/socket-client.js";
import { later, makeDue, postSchedule, scheduleRow } from "../../test/schedule-fixtures.js";
import { sendDueSchedules, sendSchedule } from "./schedule-send.js";

let server: TestServer;
let admin: string;
let alice: { id: number; token: string };
let bruno: { id: number; token: string };
let connection: Connection;
let queueId: number;
let baseUrl = "";
const sockets = socketPool(() => baseUrl);
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  alice = await server.createUser({ name: "Alice" });
  bruno = await server.createUser({ name: "Bruno" });
  queueId = (await createQueue(server, admin, { greetingMessage: "" })).id;
  connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: queueId, isDefault: true });
  baseUrl = await server.listen();
});
afterAll(async () => {
  sockets.closeAll();
  await server.close();
});

const request = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string | undefined, payload?: object) => server.request({ method, url, token, payload });
const list = async (query: string, token: string) => (await request("GET", `/api/schedules?${query}`, token)).json() as SchedulePage;

describe("schedule routes: guards", () => {
  it("refuse anonymous callers on every route", async () => {
    await expectRefused(server, resourceCalls("/api/schedules", { create: { contactId: 1, body: "Hi", sendAt: later() }, update: { body: "Hi" } }), anonymous, 401, "ERR_SESSION_EXPIRED");
  });

  it("answer 404 for a missing id, and for another attendant's schedule (which an admin sees and changes)", async () => {
    await expectMissingId(server, "/api/schedules", alice.token, "ERR_NO_SCHEDULE_FOUND");
    const contact = await createContact(server, admin);
    const own = await postSchedule(server, alice.token, { contactId: contact.id });
    await expectRefused(
      server,
      [
        { method: "GET", url: `/api/schedules/${own.id}` },
        { method: "PUT", url: `/api/schedules/${own.id}`, payload: { body: "Not yours" } },
        { method: "DELETE", url: `/api/schedules/${own.id}` },
      ],
      bruno.token,
      404,
      "ERR_NO_SCHEDULE_FOUND",
    );
    expect((await list(`contactId=${contact.id}`, bruno.token)).schedules).toEqual([]);
    expect((await list(`contactId=${contact.id}`, alice.token)).schedules.map((s) => s.id)).toEqual([own.id]);
    expect((await list(`contactId=${contact.id}`, admin)).schedules.map((s) => s.id)).toEqual([own.id]);
    expect((await list(`contactId=${contact.id}&mine=true`, admin)).schedules).toEqual([]);
    const edited = await request("PUT", `/api/schedules/${own.id}`, admin, { body: "Edited by the admin" });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as Schedule).body).toBe("Edited by the admin");
    expect((await scheduleRow(server, own.id))?.body).toBe("Edited by the admin");
  });

  it("refuse a malformed body, an impossible or far date, the past, and an end before the start, writing nothing", async () => {
    const contact = await createContact(server, admin);
    const post = (payload: object) => request("POST", "/api/schedules", alice.token, { contactId: contact.id, body: "Hello", sendAt: later(), ...payload });
    await expectError(post({ body: "   " }), 400, "ERR_MISSING_VALUES");
    await expectError(post({ body: "x".repeat(65_537) }), 400, "ERR_MISSING_VALUES");
    await expectError(post({ contactId: "abc" }), 400, "ERR_MISSING_VALUES");
    await expectError(post({ sendAt: "tomorrow" }), 400, "ERR_INVALID_DATE");
    await expectError(post({ sendAt: "2030-02-30T09:00" }), 400, "ERR_INVALID_DATE");
    await expectError(post({ sendAt: "9999-12-31T23:59:59Z" }), 400, "ERR_INVALID_DATE");
    await expectError(post({ sendAt: "2030-01-01T09:00", recurrence: { every: "day", interval: 1, until: "9999-01-01T00:00" } }), 400, "ERR_INVALID_DATE");
    await expectError(post({ sendAt: "2020-01-01T09:00" }), 400, "ERR_SCHEDULE_IN_PAST");
    await expectError(post({ recurrence: { every: "year", interval: 1 } }), 400, "ERR_MISSING_VALUES");
    await expectError(post({ recurrence: { every: "day", interval: 0 } }), 400, "ERR_MISSING_VALUES");
    await expectError(post({ recurrence: { every: "day", interval: 366 } }), 400, "ERR_MISSING_VALUES");
    await expectError(post({ sendAt: "2030-01-10T09:00", recurrence: { every: "day", interval: 1, until: "2030-01-09T09:00" } }), 400, "ERR_SCHEDULE_UNTIL_BEFORE_START");
    await expectError(post({ contactId: 99_999_999 }), 404, "ERR_NO_CONTACT_FOUND");
    await expectError(post({ whatsappId: 99_999_999 }), 404, "ERR_NO_WAPP_FOUND");
    expect((await list(`contactId=${contact.id}`, admin)).schedules).toEqual([]);
    const own = await postSchedule(server, alice.token, { contactId: contact.id });
    await expectError(request("PUT", `/api/schedules/${own.id}`, alice.token, { sendAt: "2020-01-01T09:00" }), 400, "ERR_SCHEDULE_IN_PAST");
    await expectError(request("PUT", `/api/schedules/${own.id}`, alice.token, { recurrence: { every: "week", interval: 1, until: "2001-01-01" } }), 400, "ERR_SCHEDULE_UNTIL_BEFORE_START");
    await expectError(request("PUT", "/api/schedules/abc", alice.token, { body: "x" }), 400, "ERR_MISSING_VALUES");
  });
});

describe("POST, PUT, DELETE and GET /api/schedules", () => {
  it("reads a time without offset on the install's clock and keeps the repetition; lists pending first, soonest first, with filters", async () => {
    const contact = await createContact(server, admin, { name: "Marta" });
    const created = await postSchedule(server, alice.token, { contactId: contact.id, sendAt: "2030-01-15T09:00", recurrence: { every: "week", interval: 2 } });
    expect(created).toMatchObject({
      contactId: contact.id,
      contact: { name: "Marta", number: contact.number },
      whatsappId: connection.id,
      user: { id: alice.id, name: "Alice" },
      sendAt: "2030-01-15T09:00:00.000Z",
      recurrence: { every: "week", interval: 2, until: null },
      status: "pending",
      failure: null,
      ticketId: null,
    });
    const sooner = await postSchedule(server, alice.token, { contactId: contact.id, sendAt: "2029-06-01T08:00:00-03:00" });
    expect(sooner.sendAt).toBe("2029-06-01T11:00:00.000Z");
    const done = await postSchedule(server, alice.token, { contactId: contact.id });
    await server.ctx.db.update(schedules).set({ status: "sent", sentAt: new Date() }).where(eq(schedules.id, done.id));
    expect((await list(`contactId=${contact.id}`, alice.token)).schedules.map((s) => s.id)).toEqual([sooner.id, created.id, done.id]);
    expect((await list(`contactId=${contact.id}&status=sent`, alice.token)).schedules.map((s) => s.id)).toEqual([done.id]);
    await expectError(request("GET", "/api/schedules?status=bogus", alice.token), 400, "ERR_MISSING_VALUES");
    // Changing and cancelling hold while pending only.
    await expectError(request("PUT", `/api/schedules/${done.id}`, alice.token, { body: "Too late" }), 409, "ERR_SCHEDULE_NOT_PENDING");
    await expectError(request("DELETE", `/api/schedules/${done.id}`, alice.token), 409, "ERR_SCHEDULE_NOT_PENDING");
    const moved = (await request("PUT", `/api/schedules/${created.id}`, alice.token, { sendAt: "2030-02-01T10:30", recurrence: null })).json() as Schedule;
    expect(moved).toMatchObject({ sendAt: "2030-02-01T10:30:00.000Z", recurrence: null, body: created.body });
    expect((await request("DELETE", `/api/schedules/${sooner.id}`, alice.token)).json()).toEqual({ ok: true });
    await expectError(request("GET", `/api/schedules/${sooner.id}`, alice.token), 404, "ERR_NO_SCHEDULE_FOUND");
  });

  it("tells the author and admins of each change over their sockets, and nobody else", async () => {
    const contact = await createContact(server, admin);
    const [mine, other, boss] = await Promise.all([sockets.connect(alice.token), sockets.connect(bruno.token), sockets.connect(admin)]);
    const heard = [mine, other, boss].map((socket) => recordEvents<{ action: string }>(socket!, "schedule"));
    const created = await postSchedule(server, alice.token, { contactId: contact.id });
    await request("DELETE", `/api/schedules/${created.id}`, alice.token);
    await Promise.all([mine, other, boss].map((socket) => settle(socket!)));
    const actions = (events: { action: string }[]) => events.map((e) => e.action);
    expect(actions(heard[0]!)).toEqual(["create", "delete"]);
    expect(actions(heard[2]!)).toEqual(["create", "delete"]);
    expect(heard[1]).toEqual([]);
  });
});

describe("sending what is due", () => {
  it("writes the message once in a new ticket owned by the author, marks it sent, and writes a repeating one's next occurrence", async () => {
    const contact = await createContact(server, admin);
    const created = await postSchedule(server, alice.token, { contactId: contact.id, body: "Your daily reminder", recurrence: { every: "day", interval: 1 } });
    const due = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
    await makeDue(server, created.id, due);
    expect(await sendDueSchedules(server.ctx)).toBeGreaterThanOrEqual(1);
    const row = await scheduleRow(server, created.id);
    expect(row).toMatchObject({ status: "sent", failure: null });
    const [ticket] = await server.ctx.db.select().from(tickets).where(eq(tickets.id, row!.ticketId!));
    expect(ticket).toMatchObject({ contactId: contact.id, connectionId: connection.id, status: "open", userId: alice.id });
    const sent = await server.ctx.db.select().from(messages).where(eq(messages.ticketId, ticket!.id));
    expect(sent.map((m) => [m.body, m.fromMe, m.userId])).toEqual([["Your daily reminder", true, alice.id]]);
    const next = (await list(`contactId=${contact.id}&status=pending`, alice.token)).schedules;
    expect(next.map((s) => s.sendAt)).toEqual([new Date(due.getTime() + 86_400_000).toISOString()]);
    // A second look (another instance, a restart) sends nothing again.
    await sendDueSchedules(server.ctx);
    expect(await server.ctx.db.select().from(messages).where(eq(messages.ticketId, ticket!.id))).toHaveLength(1);
  });

  it("writes into the contact's active ticket when there is one", async () => {
    const contact = await createContact(server, admin);
    const opened = await request("POST", "/api/tickets", bruno.token, { contactId: contact.id, status: "open", whatsappId: connection.id });
    expect(opened.statusCode).toBe(201);
    const ticketId = (opened.json() as { ticket: { id: number } }).ticket.id;
    const created = await postSchedule(server, alice.token, { contactId: contact.id, body: "Into Bruno's conversation" });
    await makeDue(server, created.id);
    await sendDueSchedules(server.ctx);
    expect((await scheduleRow(server, created.id))?.ticketId).toBe(ticketId);
    const [ticket] = await server.ctx.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket?.userId).toBe(bruno.id);
  });

  it("fails one whose connection was deleted (ERR_NO_WAPP_FOUND) and ends its series; deleting the contact deletes its schedules", async () => {
    const other = await createConnection(server, admin, { destinationType: "queue", destinationItem: queueId });
    const contact = await createContact(server, admin);
    const created = await postSchedule(server, admin, { contactId: contact.id, whatsappId: other.id, recurrence: { every: "month", interval: 1 } });
    expect((await request("DELETE", `/api/whatsapp/${other.id}`, admin)).statusCode).toBe(200);
    await makeDue(server, created.id);
    await sendDueSchedules(server.ctx);
    expect(await scheduleRow(server, created.id)).toMatchObject({ status: "failed", failure: "ERR_NO_WAPP_FOUND" });
    expect((await list(`contactId=${contact.id}&status=pending`, alice.token)).schedules).toEqual([]);
    const gone = await createContact(server, admin);
    const pending = await postSchedule(server, alice.token, { contactId: gone.id });
    expect((await request("DELETE", `/api/contacts/${gone.id}`, admin)).statusCode).toBe(200);
    expect(await scheduleRow(server, pending.id)).toBeUndefined();
  });

  it("leaves one pending until the connection's pace allows it: a wait, not a failure", async () => {
    const contact = await createContact(server, admin);
    const created = await postSchedule(server, alice.token, { contactId: contact.id });
    await makeDue(server, created.id);
    const pace = server.ctx.pace;
    const retryAt = new Date(Date.now() + 60_000);
    const asked: string[] = [];
    server.ctx.pace = { take: async (id, priority) => (asked.push(`${id}:${priority}`), { granted: false, retryAt, reason: "rate" }) };
    try {
      await sendDueSchedules(server.ctx);
      expect(asked).toContain(`${connection.id}:scheduled`);
      expect(await scheduleRow(server, created.id)).toMatchObject({ status: "pending", heldUntil: retryAt, ticketId: null });
      // Its slot's time come (and granted), it goes. The real pace is left alone: a slot taken a
      // minute ahead would hold the next tests' schedules back.
      server.ctx.pace = { take: async () => ({ granted: true }) };
      await sendDueSchedules(server.ctx, new Date(retryAt.getTime() + 1));
    } finally {
      server.ctx.pace = pace;
    }
    expect((await scheduleRow(server, created.id))?.status).toBe("sent");
  });

  it("does not send a text edited after it was picked: the edited one goes on the next look", async () => {
    const contact = await createContact(server, admin);
    const created = await postSchedule(server, alice.token, { contactId: contact.id, body: "First draft" });
    await makeDue(server, created.id);
    // Picked by an instance (held), then edited before that instance writes it.
    await server.ctx.db.update(schedules).set({ heldUntil: new Date(Date.now() + 60_000) }).where(eq(schedules.id, created.id));
    const [picked] = await server.ctx.db.select().from(schedules).where(eq(schedules.id, created.id));
    expect((await request("PUT", `/api/schedules/${created.id}`, alice.token, { body: "Second draft" })).statusCode).toBe(200);
    await makeDue(server, created.id);
    await sendSchedule(server.ctx, picked!);
    expect((await scheduleRow(server, created.id))?.status).toBe("pending");
    // A second later: the slot the first look took (and did not use) does not hold this one back.
    await sendDueSchedules(server.ctx, new Date(Date.now() + 1000));
    const row = await scheduleRow(server, created.id);
    const bodies = await server.ctx.db.select({ body: messages.body }).from(messages).where(eq(messages.ticketId, row!.ticketId!));
    expect(bodies.map((m) => m.body)).toEqual(["Second draft"]);
  });
});
