import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { connections, contacts, messages, tickets } from "../../db/schema/index.js";
import type { ConnectionRow } from "../../modules/connections/connection.presenter.js";
import { createConnection, uniqueExternalId, uniqueNumber } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { openTestDatabase } from "../../test/test-database.js";
import type { InboundMessage } from "../channel-driver.js";
import { presentTicket } from "../../modules/tickets/ticket.presenter.js";
import { storeInbound } from "./inbound-batch.js";
import { ingestInbound } from "./ingest.js";

// New customers' first messages under group commit (docs/decisions/0051): a batch's new
// contacts, tickets, messages and greetings are written by one statement (create-batch.ts).
// Counted like send-api-cost.test.ts: every statement sent while the burst is stored.

let statements: string[] | null = null;
let database: Database;
let server: TestServer;
let queueId: number;
/** Its destination is a queue with a greeting. */
let row: ConnectionRow;
/** Its destination is a queue without a greeting: nothing to send, every statement counted is storage. */
let quiet: ConnectionRow;
const greeting = "Hello! You are in line.";

async function connectionRow(server: TestServer, admin: string, queue: number): Promise<ConnectionRow> {
  const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue });
  const [found] = await server.ctx.db.select().from(connections).where(eq(connections.id, connection.id));
  return found!;
}

beforeAll(async () => {
  database = await openTestDatabase({ onStatement: (sql) => statements?.push(sql) });
  server = await createTestServer({}, { database });
  const admin = await server.adminToken();
  queueId = (await createQueue(server, admin, { greetingMessage: greeting })).id;
  row = await connectionRow(server, admin, queueId);
  quiet = await connectionRow(server, admin, (await createQueue(server, admin, { greetingMessage: "" })).id);
});
afterAll(async () => {
  await server.close();
  await database.close();
});

function message(number: string, body: string, extra: Partial<InboundMessage> = {}): InboundMessage {
  return { externalId: uniqueExternalId(), chat: { number, name: `Customer ${number}`, isGroup: false }, fromMe: false, body, mediaType: "chat", timestamp: new Date(), ...extra };
}

/** The messages handed to the pipeline all at once, in this order, as a driver's burst. */
async function burst(list: InboundMessage[], connection = row) {
  statements = [];
  try {
    const results = await Promise.allSettled(list.map((input) => ingestInbound(server.ctx, connection.id, input, connection)));
    return { results, statements: statements.length };
  } finally {
    statements = null;
  }
}

async function ticketsOf(numbers: string[], connection = row) {
  return server.ctx.db
    .select({ ticket: tickets, number: contacts.number, contactName: contacts.name, contactIsGroup: contacts.isGroup })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(eq(tickets.connectionId, connection.id), inArray(contacts.number, numbers)));
}

describe("new customers' first messages in a batch", () => {
  it("stores a burst of new customers in far fewer statements than messages", async () => {
    const customers = Array.from({ length: 60 }, () => uniqueNumber());
    const { results, statements: count } = await burst(
      customers.map((number) => message(number, "counted")),
      quiet,
    );
    expect(results.map((result) => result.status)).toEqual(Array(customers.length).fill("fulfilled"));
    // One by one, each new customer cost at least five statements (contact, active ticket,
    // reopen, ticket, message): 300 here. A batch costs a few (its known contacts' statement,
    // routing's reads, the new contacts' statement) whatever its size.
    expect(count).toBeLessThan(customers.length / 3);
    const rows = await ticketsOf(customers, quiet);
    expect(rows).toHaveLength(customers.length);
    expect(rows.every((r) => r.ticket.unreadMessages === 1 && r.ticket.lastMessage === "counted")).toBe(true);
  });

  it("creates each contact and ticket with its message, and routing's greeting after it", async () => {
    const customers = Array.from({ length: 60 }, () => uniqueNumber());
    const group = uniqueNumber();
    const phone = uniqueNumber();
    const list = [
      ...customers.map((number) => message(number, `hello from ${number}`)),
      // A group is filed without a greeting; so is a conversation the company started from its phone.
      message(group, "group news", { chat: { number: group, name: "Team group", isGroup: true } }),
      message(phone, "we started this", { fromMe: true }),
    ];
    const { results } = await burst(list);
    expect(results.map((result) => result.status)).toEqual(Array(list.length).fill("fulfilled"));

    const rows = await ticketsOf([...customers, group, phone]);
    expect(rows).toHaveLength(list.length);
    const byNumber = new Map(rows.map((r) => [r.number, r]));
    for (const [i, number] of customers.entries()) {
      const { ticket, contactName } = byNumber.get(number)!;
      expect(contactName).toBe(`Customer ${number}`);
      expect(ticket).toMatchObject({ status: "pending", queueId, unreadMessages: 1, lastMessage: `hello from ${number}`, isGroup: false, firstResponseAt: null });
      const outcome = results[i]!.status === "fulfilled" ? results[i]!.value : null;
      expect(outcome).toMatchObject({ ticketId: ticket.id, duplicate: false });
      // The customer's message first, then the greeting, due for dispatch.
      const stored = await server.ctx.db.select().from(messages).where(eq(messages.ticketId, ticket.id)).orderBy(asc(messages.id));
      expect(stored.map((m) => [m.body, m.fromMe, m.mediaType])).toEqual([
        [`hello from ${number}`, false, "chat"],
        [greeting, true, "chat-automatic"],
      ]);
      expect(stored[0]!.id).toBe(outcome!.messageId);
    }
    const groupTicket = byNumber.get(group)!;
    expect(groupTicket).toMatchObject({ contactIsGroup: true, ticket: { isGroup: true, unreadMessages: 1 } });
    const phoneTicket = byNumber.get(phone)!.ticket;
    expect(phoneTicket).toMatchObject({ unreadMessages: 0, lastMessage: "we started this" });
    expect(phoneTicket.firstResponseAt).not.toBeNull();
    const filed = await server.ctx.db.select({ body: messages.body }).from(messages).where(inArray(messages.ticketId, [groupTicket.ticket.id, phoneTicket.id]));
    expect(filed.map((m) => m.body).sort()).toEqual(["group news", "we started this"]);
  });

  it("presents the new ticket as the API reads it, and the new contact", async () => {
    const number = uniqueNumber();
    const stored = await storeInbound({ ctx: server.ctx, connection: row, number, input: message(number, "present me"), mediaName: null, now: new Date() });
    expect(stored.ticket).toEqual(await presentTicket(server.ctx.db, stored.ticket.id));
    expect(stored.ticket).toMatchObject({ queue: { id: queueId }, whatsapp: { id: row.id }, contact: { number, extraInfo: [] }, userTicket: [] });
    expect(stored.newContact).toMatchObject({ id: stored.ticket.contactId, number });
    expect(stored.active).toMatchObject({ created: true, reopened: null, plan: { action: "updateQueue" } });
    expect(stored.automatic.map((m) => m.body)).toEqual([greeting]);
    expect(stored.created.map((m) => m.body)).toEqual(["present me", greeting]);
  });

  it("stores the rest of a batch, and answers a new number's message stored under another number as a duplicate", async () => {
    const known = uniqueNumber();
    const reused = message(known, "first under the known number");
    await burst([reused]);
    const newcomers = Array.from({ length: 8 }, () => uniqueNumber());
    const thief = uniqueNumber();
    // The statement for the batch's new numbers meets the stored external id and fails whole:
    // the batch is stored the careful way instead, and the reused id is that message's copy.
    const list = newcomers.map((number) => message(number, "hi"));
    list.splice(4, 0, message(thief, "same id, other number", { externalId: reused.externalId }));
    const { results } = await burst(list);
    expect(results.map((result) => result.status)).toEqual(Array(list.length).fill("fulfilled"));
    const outcomes = results.map((result) => (result.status === "fulfilled" ? result.value : null));
    const [original] = await server.ctx.db.select().from(messages).where(and(eq(messages.connectionId, row.id), eq(messages.externalId, reused.externalId)));
    expect(outcomes[4]).toMatchObject({ messageId: original!.id, duplicate: true });
    expect(original!.body).toBe("first under the known number");

    expect(await ticketsOf([thief])).toEqual([]);
    const created = await ticketsOf(newcomers);
    expect(created).toHaveLength(newcomers.length);
    expect(created.every((r) => r.ticket.unreadMessages === 1 && r.ticket.queueId === queueId)).toBe(true);
  });

  it("leaves a known contact's first message to the slow path, and a new customer's second message follows the first", async () => {
    const known = uniqueNumber();
    await burst([message(known, "long ago", { chat: { number: known, name: "Known name", isGroup: false } })]);
    const [before] = await ticketsOf([known]);
    await server.ctx.db.update(tickets).set({ status: "closed", closedAt: new Date(Date.now() - 86_400_000) }).where(eq(tickets.id, before!.ticket.id));
    const newcomer = uniqueNumber();
    const { results } = await burst([
      message(newcomer, "one"),
      message(known, "back again", { chat: { number: known, name: "Another name", isGroup: false } }),
      message(newcomer, "two"),
      message(newcomer, "three"),
    ]);
    expect(results.map((result) => result.status)).toEqual(Array(4).fill("fulfilled"));

    const knownTickets = await ticketsOf([known]);
    expect(knownTickets).toHaveLength(2);
    // A known contact keeps the name an attendant may have given it.
    expect(knownTickets.every((r) => r.contactName === "Known name")).toBe(true);
    const [fresh] = await ticketsOf([newcomer]);
    expect(fresh!.ticket).toMatchObject({ unreadMessages: 3, lastMessage: "three" });
    const stored = await server.ctx.db.select({ body: messages.body }).from(messages).where(and(eq(messages.ticketId, fresh!.ticket.id), eq(messages.fromMe, false))).orderBy(asc(messages.id));
    expect(stored.map((m) => m.body)).toEqual(["one", "two", "three"]);
  });
});
