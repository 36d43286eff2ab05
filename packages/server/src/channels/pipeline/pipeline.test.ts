import type { Connection, MessagePage } from "@atendo/contracts";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, messages, queues, tickets } from "../../db/schema/index.js";
import { createConnection, inbound, postInbound, uniqueExternalId, uniqueNumber } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
});
afterAll(() => server.close());

async function page(ticketId: number, token = admin): Promise<MessagePage> {
  return (await server.request({ method: "GET", url: `/api/messages/${ticketId}`, token })).json() as MessagePage;
}

async function queueConnection(greetingMessage = ""): Promise<Connection> {
  const queue = await createQueue(server, admin, { greetingMessage });
  return createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
}

describe("inbound pipeline: one active ticket", () => {
  it("turns 50 concurrent first messages of a new contact into one contact, one ticket, 50 messages", async () => {
    const connection = await queueConnection();
    const number = uniqueNumber();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => postInbound(server, connection, { from: { number, name: "Burst" }, body: `m${i}` })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const ticketIds = new Set(responses.map((r) => r.json().ticketId as number));
    expect(ticketIds.size).toBe(1);

    const db = server.ctx.db;
    const [contact] = await db.select().from(contacts).where(eq(contacts.number, number));
    const ticketRows = await db.select().from(tickets).where(eq(tickets.contactId, contact!.id));
    expect(ticketRows).toHaveLength(1);
    expect(ticketRows[0]).toMatchObject({ status: "pending", unreadMessages: 50 });
    const [stored] = await db.select({ n: count() }).from(messages).where(eq(messages.ticketId, ticketRows[0]!.id));
    expect(stored?.n).toBe(50);
  });

  it("lets the database refuse a second active ticket for the same contact and connection", async () => {
    const connection = await queueConnection();
    const { ticketId } = await inbound(server, connection);
    const [row] = await server.ctx.db.select().from(tickets).where(eq(tickets.id, ticketId));
    const duplicate = server.ctx.db.insert(tickets).values({ contactId: row!.contactId, connectionId: connection.id, status: "open" });
    await expect(duplicate).rejects.toMatchObject({ cause: expect.objectContaining({ code: "23505" }) });
  });

  it("starts a new ticket after the active one closed (reopen window off by default)", async () => {
    const connection = await queueConnection();
    const number = uniqueNumber();
    const first = await inbound(server, connection, { from: { number } });
    await server.ctx.db.update(tickets).set({ status: "closed", closedAt: new Date() }).where(eq(tickets.id, first.ticketId));
    const second = await inbound(server, connection, { from: { number } });
    expect(second.ticketId).not.toBe(first.ticketId);
  });
});

describe("inbound pipeline: routing a new ticket", () => {
  it("queue: pending in that queue, greeted with the queue's greeting as chat-automatic", async () => {
    const connection = await queueConnection("Welcome! We will answer soon.");
    const { ticketId } = await inbound(server, connection, { body: "Hi there" });
    const { ticket, messages: list } = await page(ticketId);
    expect(ticket).toMatchObject({ status: "pending", queueId: connection.destinations[0]!.destinationTypeId, userId: null, lastMessage: "Hi there" });
    expect(list.map((m) => [m.body, m.fromMe, m.mediaType])).toEqual([
      ["Hi there", false, "chat"],
      ["Welcome! We will answer soon.", true, "chat-automatic"],
    ]);
    expect(list[1]).toMatchObject({ ack: 1, failed: false }); // no webhook: marked sent locally
  });

  it("queue without a greeting: no automatic message; a later message is not greeted again", async () => {
    const greeted = await queueConnection("Hello!");
    const number = uniqueNumber();
    await inbound(server, greeted, { from: { number } });
    const { ticketId } = await inbound(server, greeted, { from: { number }, body: "again" });
    expect((await page(ticketId)).messages.filter((m) => m.mediaType === "chat-automatic")).toHaveLength(1);

    const silent = await queueConnection("");
    const other = await inbound(server, silent);
    expect((await page(other.ticketId)).messages.map((m) => m.mediaType)).toEqual(["chat"]);
  });

  it("user: open and assigned to that user, no greeting", async () => {
    const attendant = await server.createUser({ name: "Direct Line" });
    const connection = await createConnection(server, admin, { destinationType: "users", destinationItem: attendant.id });
    const { ticketId } = await inbound(server, connection);
    const { ticket, messages: list } = await page(ticketId, attendant.token);
    expect(ticket).toMatchObject({ status: "open", userId: attendant.id, user: { id: attendant.id, name: "Direct Line" }, queueId: null });
    expect(list).toHaveLength(1);
  });

  it("a removed destination: pending with no queue, nothing lost", async () => {
    const queue = await createQueue(server, admin, { greetingMessage: "never sent" });
    const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
    // The API refuses to delete a queue a connection routes to; a removal behind its back (another
    // instance's race, a manual fix in the database) must still lose nothing.
    await server.ctx.db.delete(queues).where(eq(queues.id, queue.id));
    const { ticketId } = await inbound(server, connection, { body: "anyone?" });
    const { ticket, messages: list } = await page(ticketId);
    expect(ticket).toMatchObject({ status: "pending", queueId: null, userId: null });
    expect(list.map((m) => m.body)).toEqual(["anyone?"]);
  });

  it("a deleted queue leaves its tickets with no queue (ON DELETE SET NULL)", async () => {
    const queue = await createQueue(server, admin);
    const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
    const { ticketId } = await inbound(server, connection);
    const other = await createQueue(server, admin);
    await server.request({ method: "PUT", url: `/api/whatsapp/${connection.id}`, token: admin, payload: { destinationType: "queue", destinationItem: other.id } });
    expect((await server.request({ method: "DELETE", url: `/api/queue/${queue.id}`, token: admin })).statusCode).toBe(200);
    expect((await page(ticketId)).ticket).toMatchObject({ queueId: null, queue: null, status: "pending" });
  });
});

describe("inbound pipeline: reopen window", () => {
  let windowed: TestServer;
  let token: string;
  let connection: Connection;
  beforeAll(async () => {
    windowed = await createTestServer({ TICKET_REOPEN_WINDOW_MINUTES: "30" });
    token = await windowed.adminToken();
    const queue = await createQueue(windowed, token);
    connection = await createConnection(windowed, token, { destinationType: "queue", destinationItem: queue.id });
  });
  afterAll(() => windowed.close());

  async function close(ticketId: number, minutesAgo: number, userId: number | null = null) {
    const at = new Date(Date.now() - minutesAgo * 60_000);
    await windowed.ctx.db.update(tickets).set({ status: "closed", closedAt: at, updatedAt: at, userId }).where(eq(tickets.id, ticketId));
  }

  it("reopens a ticket closed within the window: pending again, no owner, same queue", async () => {
    const owner = await windowed.createUser();
    const number = uniqueNumber();
    const first = await inbound(windowed, connection, { from: { number } });
    await close(first.ticketId, 5, owner.id);
    const second = await inbound(windowed, connection, { from: { number }, body: "one more thing" });
    expect(second.ticketId).toBe(first.ticketId);
    const [row] = await windowed.ctx.db.select().from(tickets).where(eq(tickets.id, first.ticketId));
    expect(row).toMatchObject({ status: "pending", userId: null, closedAt: null, queueId: connection.destinations[0]!.destinationTypeId });
  });

  it("starts a new ticket when the last one closed before the window", async () => {
    const number = uniqueNumber();
    const first = await inbound(windowed, connection, { from: { number } });
    await close(first.ticketId, 31);
    const second = await inbound(windowed, connection, { from: { number } });
    expect(second.ticketId).not.toBe(first.ticketId);
  });
});

describe("inbound pipeline: idempotency", () => {
  it("stores a message once per (connection, external id); another connection may reuse the id", async () => {
    const a = await queueConnection();
    const b = await queueConnection();
    const externalId = uniqueExternalId();
    const number = uniqueNumber();
    const first = await inbound(server, a, { externalId, from: { number } });
    const again = await postInbound(server, a, { externalId, from: { number } });
    expect(again.json()).toMatchObject({ duplicate: true, messageId: first.messageId });
    const elsewhere = await inbound(server, b, { externalId, from: { number } });
    expect(elsewhere.messageId).not.toBe(first.messageId);
    const [rows] = await server.ctx.db.select({ n: count() }).from(messages).where(eq(messages.externalId, externalId));
    expect(rows?.n).toBe(2);
  });

  it("does not create a ticket for a redelivered message whose ticket has closed", async () => {
    const connection = await queueConnection();
    const body = { externalId: uniqueExternalId(), from: { number: uniqueNumber() } };
    const first = await inbound(server, connection, body);
    await server.ctx.db.update(tickets).set({ status: "closed" }).where(eq(tickets.id, first.ticketId));
    const again = await postInbound(server, connection, body);
    expect(again.json()).toEqual({ ...first, duplicate: true });
    const count = await server.request({ method: "GET", url: `/api/tickets/count?whatsappId=${connection.id}`, token: admin });
    expect(count.json()).toEqual({ count: 1 });
  });
});
