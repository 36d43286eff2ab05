import type { Connection, Contact } from "@atendo/contracts";
import { existsSync } from "node:fs";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, messages, tickets } from "../../db/schema/index.js";
import { createConnection, inbound, uniqueNumber } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { pngBytes } from "../../test/media-samples.js";
import { chartsOf, csvLinesOf, getReport, reportOf } from "../../test/report-fixtures.js";
import { idsOf, listTickets, putTicket, sqlRows } from "../../test/ticket-fixtures.js";

let server: TestServer;
let admin: string;
let attendant: Awaited<ReturnType<TestServer["createUser"]>>;
let first: Connection;
let second: Connection;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  attendant = await server.createUser({ name: "Erasure Attendant" });
  const queue = await createQueue(server, admin, { userIds: [attendant.id] });
  first = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
  second = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
});
afterAll(() => server.close());

const number = uniqueNumber();
const name = "Mariana Erasable";
const email = "mariana.erasable@example.com";
const secret = "my card ends in 4242";
/** A past period: March 2025 (the conversations are moved there once written). */
const period = { startDate: "2025-03-01", endDate: "2025-03-31" };
const march = "2025-03-10T14:00:00Z";

/** For each needle, every text or JSON column of every table holding it, as `table.column` (what erasure must leave empty). */
async function columnsHolding(needles: readonly string[]): Promise<Record<string, string[]>> {
  const columns = await sqlRows<{ table_name: string; column_name: string }>(
    server,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`,
  );
  const found: Record<string, string[]> = Object.fromEntries(needles.map((needle) => [needle, []]));
  for (const { table_name: table, column_name: column } of columns) {
    const hits = await sqlRows<{ needle: string }>(
      server,
      sql`select n.needle from unnest(${sql.param(needles)}::text[]) n(needle)
          where exists (select 1 from ${sql.identifier(table)} x where x.${sql.identifier(column)}::text like '%' || n.needle || '%')`,
    );
    for (const { needle } of hits) found[needle]!.push(`${table}.${column}`);
  }
  return found;
}

/** Mariana's conversations, written through the API like a real day, then moved to the past period. */
async function marianasHistory(): Promise<{ contactId: number; ticketIds: number[]; mediaNames: string[] }> {
  const from = { number, name };
  const text = await inbound(server, first, { from, body: `Hello, ${secret}` });
  await inbound(server, first, { from, body: "", media: { data: pngBytes.toString("base64"), mimeType: "image/png", fileName: "id-card.png" } });
  expect((await putTicket(server, attendant.token, text.ticketId, { status: "open", userId: attendant.id })).statusCode).toBe(200);
  const reply = await server.request({ method: "POST", url: `/api/messages/${text.ticketId}`, token: attendant.token, payload: { body: `Hi ${name}, noted` } });
  expect(reply.statusCode).toBe(201);
  expect((await putTicket(server, attendant.token, text.ticketId, { status: "closed" })).statusCode).toBe(200);
  // Still waiting on another connection when the contact is deleted.
  const waiting = await inbound(server, second, { from, body: "Are you there?" });

  const [contact] = await server.ctx.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.number, number));
  const edited = await server.request({
    method: "PUT",
    url: `/api/contacts/${contact!.id}`,
    token: admin,
    payload: { name, number, email, extraInfo: [{ name: "CPF", value: "123.456.789-00" }] },
  });
  expect(edited.statusCode).toBe(200);

  const ticketIds = [text.ticketId, waiting.ticketId];
  const movedTo = (column: typeof tickets.closedAt, at: string) => sql`case when ${column} is null then null else ${new Date(at)}::timestamptz end`;
  await server.ctx.db
    .update(tickets)
    .set({ createdAt: new Date(march), closedAt: movedTo(tickets.closedAt, "2025-03-10T15:00:00Z"), firstResponseAt: movedTo(tickets.firstResponseAt, "2025-03-10T14:05:00Z") })
    .where(inArray(tickets.id, ticketIds));
  await server.ctx.db.update(messages).set({ createdAt: new Date(march) }).where(inArray(messages.ticketId, ticketIds));
  const files = await server.ctx.db.select({ name: messages.mediaName }).from(messages).where(inArray(messages.ticketId, ticketIds));
  return { contactId: contact!.id, ticketIds, mediaNames: files.flatMap((file) => (file.name ? [file.name] : [])) };
}

/** Another customer of the same month, untouched by the delete. */
async function someoneElse(): Promise<number> {
  const { ticketId } = await inbound(server, first, { from: { number: uniqueNumber(), name: "Other Customer" }, body: "Hi" });
  await server.ctx.db.update(tickets).set({ createdAt: new Date(march) }).where(eq(tickets.id, ticketId));
  await server.ctx.db.update(messages).set({ createdAt: new Date(march) }).where(eq(messages.ticketId, ticketId));
  return ticketId;
}

async function figures() {
  const page = await reportOf(server, admin, { ...period, pageSize: 50 });
  const csv = await getReport(server, admin, { ...period, action: "download", language: "en" });
  return { count: page.count, ids: page.tickets.map((t) => t.id).sort(), page, charts: await chartsOf(server, admin, period), csv: csvLinesOf(csv.body) };
}

describe("deleting a contact", () => {
  it("erases its personal data and files but keeps what the reports count; the same number starts afresh", async () => {
    const mariana = await marianasHistory();
    const other = await someoneElse();
    expect(mariana.mediaNames).toHaveLength(1);
    const file = server.ctx.media.path(mariana.mediaNames[0]!);
    expect(existsSync(file)).toBe(true);
    // What identified her: each is somewhere now (so the scan below can see it).
    const personal = [number, email, secret, "Mariana", "123.456.789-00", "id-card.png", mariana.mediaNames[0]!];
    for (const [needle, where] of Object.entries(await columnsHolding(personal))) expect(where, needle).not.toEqual([]);
    const before = await figures();
    expect(before.ids).toEqual([...mariana.ticketIds, other].sort());

    const deleted = await server.request({ method: "DELETE", url: `/api/contacts/${mariana.contactId}`, token: admin });
    expect(deleted.statusCode).toBe(200);

    // The past period's figures are the same: the conversations are still counted.
    const after = await figures();
    expect(after.charts).toEqual(before.charts);
    expect([after.count, after.ids]).toEqual([before.count, before.ids]);
    // Shown without the contact; the other customer's row is unchanged.
    for (const id of mariana.ticketIds) expect(after.page.tickets.find((t) => t.id === id)?.contact).toBeNull();
    expect(after.page.tickets.find((t) => t.id === other)).toEqual(before.page.tickets.find((t) => t.id === other));
    expect(after.csv).toHaveLength(before.csv.length);
    expect(after.csv.filter((line) => line.includes("Deleted contact"))).toHaveLength(2);

    // Nothing that identified Mariana is left in any column of any table, nor her file on disk.
    expect(await columnsHolding(personal)).toEqual(Object.fromEntries(personal.map((needle) => [needle, []])));
    expect(existsSync(file)).toBe(false);
    const kept = await server.ctx.db.select().from(tickets).where(inArray(tickets.id, mariana.ticketIds));
    expect(kept.map((t) => [t.contactId, t.status, t.lastMessage])).toEqual([
      [null, "closed", ""],
      [null, "closed", ""],
    ]);
    const rows = await server.ctx.db.select().from(messages).where(inArray(messages.ticketId, mariana.ticketIds));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.every((m) => m.body === "" && m.mediaName === null && m.fileName === null && m.mimeType === null)).toBe(true);

    // Gone from the contacts and every ticket screen.
    const found = (await server.request({ method: "GET", url: `/api/contacts?searchParam=Mariana`, token: admin })).json() as { contacts: Contact[] };
    expect(found.contacts).toEqual([]);
    const closed = await listTickets(server, admin, { status: "closed", showAll: true });
    for (const id of mariana.ticketIds) {
      expect(idsOf(closed)).not.toContain(id);
      expect((await server.request({ method: "GET", url: `/api/tickets/${id}`, token: admin })).statusCode).toBe(404);
      expect((await server.request({ method: "GET", url: `/api/messages/${id}`, token: admin })).statusCode).toBe(404);
    }

    // The same number writing again is a new customer: a new contact and a new conversation.
    const again = await inbound(server, first, { from: { number, name: "Mariana Again" }, body: "Hello again" });
    expect(mariana.ticketIds).not.toContain(again.ticketId);
    const [fresh] = await server.ctx.db.select().from(contacts).where(eq(contacts.number, number));
    expect(fresh).toMatchObject({ name: "Mariana Again", email: null });
    expect(fresh!.id).not.toBe(mariana.contactId);
    const shown = await server.request({ method: "GET", url: `/api/tickets/${again.ticketId}`, token: admin });
    expect(shown.json().ticket).toMatchObject({ status: "pending", contact: { id: fresh!.id, name: "Mariana Again" } });
  });

  it("answers 404 for a contact that is not there, changing nothing", async () => {
    const response = await server.request({ method: "DELETE", url: "/api/contacts/999999", token: admin });
    expect([response.statusCode, response.json().error]).toEqual([404, "ERR_NO_CONTACT_FOUND"]);
  });
});
