import type { Connection } from "@atendo/contracts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connections, contacts, messages, tickets } from "../../db/schema/index.js";
import type { ConnectionRow } from "../../modules/connections/connection.presenter.js";
import { createConnection, postInbound, uniqueExternalId, uniqueNumber } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import type { InboundMessage } from "../channel-driver.js";
import { ingestInbound } from "./ingest.js";

// Group commit (docs/decisions/0051): concurrent inbound messages share one statement or one
// transaction. Each test checks that batches did form (rows written by one transaction share
// its id, `xmin`), then that batching changed nothing a caller or the database can see.

let server: TestServer;
let admin: string;
const greeting = "Welcome! An attendant will answer you.";
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
});
afterAll(() => server.close());

async function greetedConnection(): Promise<{ connection: Connection; row: ConnectionRow }> {
  const queue = await createQueue(server, admin, { greetingMessage: greeting });
  const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
  const [row] = await server.ctx.db.select().from(connections).where(eq(connections.id, connection.id));
  return { connection, row: row! };
}

function message(number: string, body: string, externalId = uniqueExternalId()): InboundMessage {
  return { externalId, chat: { number, name: "Batch Customer", isGroup: false }, fromMe: false, body, mediaType: "chat", timestamp: new Date() };
}

/**
 * Hands the messages to the pipeline in this order, all at once, as a driver reporting a burst
 * does (the connection row given, so nothing is awaited before the store: the order is exact).
 */
function burst(row: ConnectionRow, list: InboundMessage[]) {
  return Promise.allSettled(list.map((input) => ingestInbound(server.ctx, row.id, input, row)));
}

/** How many transactions stored these messages. */
async function transactionsOf(connectionId: number): Promise<number> {
  const [row] = await server.ctx.db
    .select({ n: sql<number>`count(distinct ${messages}.xmin::text)::int` })
    .from(messages)
    .where(and(eq(messages.connectionId, connectionId), eq(messages.fromMe, false)));
  return row!.n;
}

async function customerMessages(connectionId: number) {
  return server.ctx.db
    .select({ id: messages.id, body: messages.body, ticketId: messages.ticketId, externalId: messages.externalId })
    .from(messages)
    .where(and(eq(messages.connectionId, connectionId), eq(messages.fromMe, false)))
    .orderBy(asc(messages.id));
}

describe("inbound group commit", () => {
  it("stores a burst of one contact's messages in one ticket, in the order they came, sharing commits", async () => {
    const { row } = await greetedConnection();
    const number = uniqueNumber();
    // The first message finds the lane idle and goes alone (a new ticket); the rest wait for
    // it and go together: first to a ticket that does not exist yet, then to the active one.
    const first = Array.from({ length: 20 }, (_, i) => message(number, `new ${i}`));
    const results = await burst(row, first);
    expect(results.map((result) => result.status)).toEqual(Array(20).fill("fulfilled"));
    const second = Array.from({ length: 20 }, (_, i) => message(number, `steady ${i}`));
    expect((await burst(row, second)).map((result) => result.status)).toEqual(Array(20).fill("fulfilled"));

    const stored = await customerMessages(row.id);
    expect(stored.map((m) => m.body)).toEqual([...first, ...second].map((m) => m.body));
    expect(new Set(stored.map((m) => m.ticketId)).size).toBe(1);
    expect(await transactionsOf(row.id)).toBeLessThanOrEqual(6);

    const [ticket] = await server.ctx.db.select().from(tickets).where(eq(tickets.id, stored[0]!.ticketId));
    expect(ticket).toMatchObject({ status: "pending", unreadMessages: 40, lastMessage: "steady 19" });
    const greetings = await server.ctx.db.select({ id: messages.id }).from(messages).where(and(eq(messages.ticketId, ticket!.id), eq(messages.fromMe, true)));
    expect(greetings).toHaveLength(1);
  });

  it("stores a message redelivered inside a batch once, and answers the copy as a duplicate of it", async () => {
    const { connection, row } = await greetedConnection();
    const number = uniqueNumber();
    await burst(row, [message(number, "opening")]);
    const repeated = message(number, "sent twice");
    const results = await burst(row, [message(number, "before"), repeated, { ...repeated }, message(number, "after")]);
    const outcomes = results.map((result) => (result.status === "fulfilled" ? result.value : result.reason));
    expect(outcomes.map((outcome) => outcome?.duplicate)).toEqual([false, false, true, false]);
    expect(outcomes[2]!.messageId).toBe(outcomes[1]!.messageId);

    const stored = await customerMessages(row.id);
    expect(stored.map((m) => m.body)).toEqual(["opening", "before", "sent twice", "after"]);
    // "opening", then "before" alone (the lane was idle), then the rest together: the copy was in its original's batch.
    expect(await transactionsOf(row.id)).toBe(3);
    const [ticket] = await server.ctx.db.select().from(tickets).where(eq(tickets.id, stored[0]!.ticketId));
    expect(ticket).toMatchObject({ unreadMessages: 4, lastMessage: "after" });

    // Redelivered again over HTTP, later: still one copy, answered 200 with the same message.
    const again = await postInbound(server, connection, { externalId: repeated.externalId, from: { number }, body: "sent twice" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ messageId: outcomes[1]!.messageId, duplicate: true });
  });

  it("stores the rest of a batch when one of its messages cannot be stored, for known and new contacts", async () => {
    const { row } = await greetedConnection();
    const known = uniqueNumber();
    await burst(row, [message(known, "opening")]);
    const newcomer = uniqueNumber();
    // PostgreSQL refuses a NUL character in text: that message fails, and only that one.
    const results = await burst(row, [
      message(known, "good 1"),
      message(known, "bad \u0000 byte"),
      message(known, "good 2"),
      message(newcomer, "first of a new contact"),
      message(newcomer, "bad \u0000 again"),
      message(newcomer, "second of a new contact"),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled", "rejected", "fulfilled"]);

    // In order for each customer; the two customers' retries may interleave.
    const stored = await customerMessages(row.id);
    const knownTicket = stored[0]!.ticketId;
    expect(stored.filter((m) => m.ticketId === knownTicket).map((m) => m.body)).toEqual(["opening", "good 1", "good 2"]);
    expect(stored.filter((m) => m.ticketId !== knownTicket).map((m) => m.body)).toEqual(["first of a new contact", "second of a new contact"]);
    const ticketsOfNewcomer = await server.ctx.db
      .select({ id: tickets.id })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(eq(contacts.number, newcomer));
    expect(ticketsOfNewcomer).toHaveLength(1);
  });

  it("gives each new contact of a concurrent burst one active ticket, greeted once, over HTTP", async () => {
    const { connection, row } = await greetedConnection();
    const numbers = Array.from({ length: 25 }, () => uniqueNumber());
    // Three messages per customer, interleaved, all in flight at once; five customers' second
    // message is delivered twice at once (a redelivery in the middle of new tickets).
    const twice = numbers.slice(0, 5).map((number) => ({ externalId: uniqueExternalId(), from: { number, name: "Burst" }, body: "round 1" }));
    const requests = [0, 1, 2].flatMap((round) =>
      numbers.map((number, i) => postInbound(server, connection, round === 1 && i < 5 ? twice[i]! : { from: { number, name: "Burst" }, body: `round ${round}` })),
    );
    const copies = twice.map((body) => postInbound(server, connection, body));
    const responses = await Promise.all([...requests, ...copies]);
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(75);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(await transactionsOf(row.id)).toBeLessThan(75);

    const rows = await server.ctx.db
      .select({ ticketId: tickets.id, status: tickets.status, number: contacts.number, unread: tickets.unreadMessages })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(and(eq(tickets.connectionId, row.id), inArray(contacts.number, numbers)));
    expect(rows).toHaveLength(25);
    expect(new Set(rows.map((r) => r.number)).size).toBe(25);
    expect(rows.every((r) => r.status === "pending" && r.unread === 3)).toBe(true);
    const greetings = await server.ctx.db
      .select({ ticketId: messages.ticketId })
      .from(messages)
      .where(and(eq(messages.connectionId, row.id), eq(messages.fromMe, true), eq(messages.body, greeting)));
    expect(greetings.map((g) => g.ticketId).sort()).toEqual(rows.map((r) => r.ticketId).sort());
    // Concurrent requests reach the pipeline in no fixed order (the first test checks the order).
    const stored = await customerMessages(row.id);
    for (const { ticketId } of rows) {
      expect(stored.filter((m) => m.ticketId === ticketId).map((m) => m.body).sort()).toEqual(["round 0", "round 1", "round 2"]);
    }
  });
});
