import type { Connection, Contact, DuplicatesPage } from "@atendo/contracts";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactCustomFields, contacts, importMappings, inboundFailures, messages, tickets } from "../../db/schema/index.js";
import { createConnection, uniqueExternalId, uniqueNumber } from "../../test/channel-fixtures.js";
import { createContact, createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { chartsOf, reportOf } from "../../test/report-fixtures.js";
import { anonymous, expectError, expectRefused } from "../../test/route-guards.js";
import { seedTicket } from "../../test/ticket-fixtures.js";

let server: TestServer;
let admin: string;
let attendant: Awaited<ReturnType<TestServer["createUser"]>>;
let first: Connection;
let second: Connection;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  attendant = await server.createUser({ name: "Merge Attendant" });
  const queue = await createQueue(server, admin, { userIds: [attendant.id] });
  first = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
  second = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
});
afterAll(() => server.close());

function merge(token: string | undefined, id: number, fromContactId: number) {
  return server.request({ method: "POST", url: `/api/contacts/${id}/merge`, token, payload: { fromContactId } });
}

async function duplicates(pageNumber = 1): Promise<DuplicatesPage> {
  const response = await server.request({ method: "GET", url: `/api/contacts/duplicates?pageNumber=${pageNumber}`, token: admin });
  expect(response.statusCode).toBe(200);
  return response.json() as DuplicatesPage;
}

const march = (day: number) => new Date(`2025-03-${String(day).padStart(2, "0")}T12:00:00Z`);
const period = { startDate: "2025-03-01", endDate: "2025-03-31" };

describe("contact duplicates and merge: guards", () => {
  it("are for admins: attendants are refused 403, anonymous 401", async () => {
    const a = await createContact(server, admin, { number: uniqueNumber() });
    const b = await createContact(server, admin, { number: uniqueNumber() });
    const calls = [
      { method: "GET", url: "/api/contacts/duplicates" },
      { method: "POST", url: `/api/contacts/${a.id}/merge`, payload: { fromContactId: b.id } },
    ] as const;
    await expectRefused(server, calls, attendant.token, 403, "ERR_NO_PERMISSION");
    await expectRefused(server, calls, anonymous, 401, "ERR_SESSION_EXPIRED");
    // Both are still there.
    for (const id of [a.id, b.id]) expect((await server.request({ method: "GET", url: `/api/contacts/${id}`, token: admin })).statusCode).toBe(200);
  });

  it("refuse merging a contact into itself (400) and unknown contacts (404), changing nothing", async () => {
    const a = await createContact(server, admin, { number: uniqueNumber() });
    await expectError(merge(admin, a.id, a.id), 400, "ERR_MERGE_SAME_CONTACT");
    await expectError(merge(admin, a.id, 999999), 404, "ERR_NO_CONTACT_FOUND");
    await expectError(merge(admin, 999999, a.id), 404, "ERR_NO_CONTACT_FOUND");
    expect((await server.request({ method: "GET", url: `/api/contacts/${a.id}`, token: admin })).statusCode).toBe(200);
    expect((await server.request({ method: "POST", url: `/api/contacts/${a.id}/merge`, token: admin, payload: {} })).statusCode).toBe(400);
  });
});

describe("GET /api/contacts/duplicates", () => {
  it("groups contacts by the same number (leading zeros, a Brazilian mobile's ninth digit) or the same e-mail, case ignored", async () => {
    const withNine = await createContact(server, admin, { name: "Dup Nine", number: "5521987650001" });
    const withoutNine = await createContact(server, admin, { name: "Dup Eight", number: "552187650001" });
    const zeroed = await createContact(server, admin, { name: "Dup Zero", number: "00552187650001" });
    const mail = await createContact(server, admin, { name: "Mail One", number: uniqueNumber(), email: "same.person@example.com" });
    const other = await createContact(server, admin, { name: "Mail Two", number: uniqueNumber() });
    // Stored in another case (an import or an old install): still the same address.
    await server.ctx.db.update(contacts).set({ email: "Same.Person@Example.COM" }).where(eq(contacts.id, other.id));
    const single = await createContact(server, admin, { name: "No Twin", number: uniqueNumber(), email: "alone@example.com" });

    const { groups, hasMore } = await duplicates();
    expect(hasMore).toBe(false);
    const byNumber = groups.find((group) => group.reason === "number" && group.key === "552187650001");
    expect(byNumber).toMatchObject({ count: 3 });
    expect(byNumber!.contacts.map((c) => c.id)).toEqual([withNine.id, withoutNine.id, zeroed.id]);
    const byEmail = groups.find((group) => group.reason === "email" && group.key === "same.person@example.com");
    expect(byEmail!.contacts.map((c) => c.id)).toEqual([mail.id, other.id]);
    expect(groups.flatMap((group) => group.contacts.map((c) => c.id))).not.toContain(single.id);
  });
});

describe("POST /api/contacts/{id}/merge", () => {
  it("moves tickets, messages, extra fields and references, keeps one active ticket per connection and the reports' counts", async () => {
    const kept = await createContact(server, admin, { name: "Kept Person", number: uniqueNumber(), extraInfo: [{ name: "Plan", value: "Gold" }] });
    const from = await createContact(server, admin, {
      name: "Twin Person",
      number: uniqueNumber(),
      email: "twin@example.com",
      extraInfo: [
        { name: "plan", value: "Silver" },
        { name: "CPF", value: "123.456.789-00" },
      ],
    });
    // The kept contact waits on the first connection; the twin on both, and has history.
    const keptActive = await seedTicket(server, { connectionId: first.id, status: "pending", contactId: kept.id, messages: ["kept hello"], updatedAt: march(10) });
    const clashing = await seedTicket(server, { connectionId: first.id, status: "open", userId: attendant.id, contactId: from.id, messages: ["twin hello", "twin again"], updatedAt: march(11) });
    const alone = await seedTicket(server, { connectionId: second.id, status: "pending", contactId: from.id, messages: ["other line"], updatedAt: march(12) });
    const history = await seedTicket(server, { connectionId: first.id, status: "closed", contactId: from.id, messages: ["long ago"], updatedAt: march(2) });
    await server.ctx.db.insert(importMappings).values({ source: "test-install", sourceTable: "Contacts", sourceId: "77", targetId: from.id });
    const [waiting] = await server.ctx.db
      .insert(inboundFailures)
      .values({ connectionId: first.id, externalId: uniqueExternalId(), message: { chat: { number: from.number, isGroup: false }, body: "replayed later" } })
      .returning({ id: inboundFailures.id });

    const label = async (name: string) => (await server.request({ method: "POST", url: "/api/tags", token: admin, payload: { name, color: "#4CAF50" } })).json().id as number;
    const [vip, late, both] = [await label("Merge VIP"), await label("Merge Late"), await label("Merge Both")];
    const tag = async (id: number, tagIds: number[]) => expect((await server.request({ method: "PUT", url: `/api/contacts/${id}/tags`, token: admin, payload: { tagIds } })).statusCode).toBe(200);
    await tag(kept.id, [vip, both]);
    await tag(from.id, [late, both]);
    expect((await server.request({ method: "PUT", url: `/api/tickets/${alone}/tags`, token: admin, payload: { tagIds: [late] } })).statusCode).toBe(200);

    const heard: string[] = [];
    server.ctx.events.on(["ticket.updated", "ticket.closed", "contact.deleted", "contact.updated"], "merge-test", (payload, name) => {
      const p = payload as { ticket?: { id: number; contactId: number }; contactId?: number; contact?: Contact };
      heard.push(p.ticket ? `${name} ${p.ticket.id} contact ${p.ticket.contactId}` : `${name} ${p.contactId ?? p.contact?.id}`);
    });
    const reportBefore = await reportOf(server, admin, { ...period, pageSize: 50 });
    const chartsBefore = await chartsOf(server, admin, period);

    const response = await merge(admin, kept.id, from.id);
    expect(response.statusCode).toBe(200);
    const merged = response.json() as Contact;
    expect(merged).toMatchObject({ id: kept.id, name: "Kept Person", number: kept.number, email: "twin@example.com" });
    // "Plan" was the kept contact's (case ignored): the twin's goes; CPF moves.
    expect(merged.extraInfo.map(({ name, value }) => [name, value])).toEqual([
      ["Plan", "Gold"],
      ["CPF", "123.456.789-00"],
    ]);

    expect(merged.tags.map((t) => t.id).sort()).toEqual([vip, late, both].sort());
    const aloneShown = await server.request({ method: "GET", url: `/api/tickets/${alone}`, token: admin });
    expect(aloneShown.json().ticket.tags.map((t: { id: number }) => t.id)).toEqual([late]);
    expect((await server.request({ method: "GET", url: `/api/contacts/${from.id}`, token: admin })).statusCode).toBe(404);
    const rows = await server.ctx.db.select().from(tickets).where(inArray(tickets.id, [keptActive, clashing, alone, history])).orderBy(tickets.id);
    expect(rows.map((t) => [t.id, t.contactId, t.status])).toEqual([
      [keptActive, kept.id, "pending"],
      [clashing, kept.id, "closed"],
      [alone, kept.id, "pending"],
      [history, kept.id, "closed"],
    ]);
    // Closed to keep one active ticket per connection, not resolved: no resolution moment.
    expect(rows.find((t) => t.id === clashing)!.closedAt).toBeNull();
    const bodies = await server.ctx.db.select({ ticketId: messages.ticketId, body: messages.body }).from(messages).where(eq(messages.ticketId, clashing)).orderBy(messages.id);
    expect(bodies.map((m) => m.body)).toEqual(["twin hello", "twin again"]);
    const fields = await server.ctx.db.select().from(contactCustomFields).where(eq(contactCustomFields.contactId, from.id));
    expect(fields).toEqual([]);
    const [mapping] = await server.ctx.db.select().from(importMappings).where(eq(importMappings.sourceId, "77"));
    expect(mapping!.targetId).toBe(kept.id);
    const [replay] = await server.ctx.db.select({ number: sql<string>`${inboundFailures.message} -> 'chat' ->> 'number'` }).from(inboundFailures).where(eq(inboundFailures.id, waiting!.id));
    expect(replay!.number).toBe(kept.number);

    // The reports count the same conversations; the closed one is not a resolution.
    const reportAfter = await reportOf(server, admin, { ...period, pageSize: 50 });
    expect(reportAfter.count).toBe(reportBefore.count);
    expect(reportAfter.tickets.map((t) => t.id).sort()).toEqual(reportBefore.tickets.map((t) => t.id).sort());
    expect(reportAfter.tickets.filter((t) => [clashing, alone, history].includes(t.id)).every((t) => t.contact?.id === kept.id)).toBe(true);
    expect(await chartsOf(server, admin, period)).toEqual(chartsBefore);

    // Live screens hear each moved ticket, the removal and the kept contact.
    expect(heard.sort()).toEqual(
      [
        `ticket.closed ${clashing} contact ${kept.id}`,
        `ticket.updated ${alone} contact ${kept.id}`,
        `ticket.updated ${history} contact ${kept.id}`,
        `contact.deleted ${from.id}`,
        `contact.updated ${kept.id}`,
      ].sort(),
    );

    // A new message from the kept number goes on in the kept active ticket.
    const list = await server.request({ method: "GET", url: `/api/tickets/${keptActive}`, token: admin });
    expect(list.json().ticket).toMatchObject({ status: "pending", contact: { id: kept.id } });
  });
});
