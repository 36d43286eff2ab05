import type { Connection, MessagePage, NoteResponse, SentMessages } from "@atendo/contracts";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection, inbound, uniqueNumber } from "../../test/channel-fixtures.js";
import { fakeDrivers } from "../../test/fake-driver.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { apiTokenOf, connectedConnection, sendApi } from "../../test/send-api-fixtures.js";
import { startReceiver } from "../../test/webhook-receiver.js";
import { eventDeliveries, messages, tickets } from "../../db/schema/index.js";

/**
 * A note reaches no customer path (decision 0073): the API channel's webhook receiver, a channel
 * driver's send, the public send API's answer, the ticket's last message and unread count.
 */
const secret = "a private remark the customer must never read";
const fakes = fakeDrivers();
let server: TestServer;
let admin: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  server = await createTestServer();
  admin = await server.adminToken();
  server.ctx.channels.registerDriver("whatsapp", fakes.factory);
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

const note = async (ticketId: number) => {
  const response = await server.request({ method: "POST", url: `/api/tickets/${ticketId}/notes`, token: admin, payload: { body: secret } });
  expect(response.statusCode).toBe(201);
  return (response.json() as NoteResponse).note;
};
const ticketRow = async (id: number) => (await server.ctx.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;
const messageCount = async (id: number) => (await server.ctx.db.select({ id: messages.id }).from(messages).where(eq(messages.ticketId, id))).length;

describe("a note reaches no customer", () => {
  it("API channel: the webhook receiver gets nothing and no delivery is owed; the send API's answer never carries it", async () => {
    const queue = await createQueue(server, admin);
    const connection: Connection = await connectedConnection(server, admin, { destinationType: "queue", destinationItem: queue.id, webhookUrl: receiver.url });
    const { ticketId } = await inbound(server, connection, { body: "Hi there" });
    const before = { ticket: await ticketRow(ticketId), messages: await messageCount(ticketId), received: receiver.received.length };
    const written = await note(ticketId);
    const edited = await server.request({ method: "PUT", url: `/api/tickets/${ticketId}/notes/${written.id}`, token: admin, payload: { body: `${secret}!` } });
    expect(edited.statusCode).toBe(200);
    await server.ctx.events.settled();
    expect(await server.ctx.db.select().from(eventDeliveries)).toEqual([]);
    expect(await server.ctx.eventOutbox.runOnce()).toBe(0);
    expect(receiver.received.length).toBe(before.received);
    expect(await messageCount(ticketId)).toBe(before.messages);
    const after = await ticketRow(ticketId);
    expect([after.lastMessage, after.unreadMessages]).toEqual([before.ticket.lastMessage, before.ticket.unreadMessages]);

    // The public send API writes to the same ticket: its answer holds its own message only.
    const contactNumber = ((await server.request({ method: "GET", url: `/api/messages/${ticketId}`, token: admin })).json() as MessagePage).ticket.contact.number;
    const sent = await sendApi(server, await apiTokenOf(server, admin), { number: contactNumber, body: "We are on it", whatsappId: connection.id });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    expect(sent.body).toContain("We are on it");
    expect(sent.body).not.toContain(secret);
    // The staff still see the note in the conversation.
    const page = (await server.request({ method: "GET", url: `/api/messages/${ticketId}`, token: admin })).json() as MessagePage;
    expect(page.notes.map((n) => n.id)).toEqual([written.id]);
    expect(page.messages.some((m) => m.body.includes(secret))).toBe(false);
  });

  it("WhatsApp: the driver's send is never called for a note, though it is for a reply", async () => {
    const owner = await server.createUser({ name: "Owner" });
    const whatsapp = await createConnection(server, admin, { kind: "whatsapp", destinationType: "users", destinationItem: owner.id });
    const driver = fakes.of(whatsapp.id);
    await driver.events.onMessage({ externalId: `w-${uniqueNumber()}`, chat: { number: uniqueNumber(), isGroup: false }, fromMe: false, body: "hello", mediaType: "chat", timestamp: new Date() });
    const [ticket] = await server.ctx.db.select().from(tickets).where(eq(tickets.connectionId, whatsapp.id)).orderBy(desc(tickets.id)).limit(1);
    await note(ticket!.id);
    await server.ctx.events.settled();
    expect(driver.sent).toEqual([]);
    const reply = await server.request({ method: "POST", url: `/api/messages/${ticket!.id}`, token: admin, payload: { body: "A reply" } });
    expect(reply.statusCode).toBe(201);
    expect((reply.json() as SentMessages).messages.map((m) => m.body)).toEqual([expect.stringContaining("A reply")]);
    await server.ctx.events.settled();
    expect(driver.sent.map((m) => m.body).join()).not.toContain(secret);
  });
});
