import type { Connection, MessagePage } from "@atendo/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, tickets } from "../../db/schema/index.js";
import { createConnection, uniqueNumber } from "../../test/channel-fixtures.js";
import { fakeDrivers, type FakeDriver } from "../../test/fake-driver.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { pngBytes } from "../../test/media-samples.js";
import type { InboundMessage } from "../channel-driver.js";

let server: TestServer;
let admin: string;
const fakes = fakeDrivers();
let seq = 0;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  server.ctx.channels.registerDriver("whatsapp", fakes.factory);
});
afterAll(() => server.close());

async function whatsapp(input: { ignoreGroups?: boolean } = {}): Promise<{ connection: Connection; driver: FakeDriver }> {
  const queue = await createQueue(server, admin);
  const connection = await createConnection(server, admin, { kind: "whatsapp", destinationType: "queue", destinationItem: queue.id, ...input });
  return { connection, driver: fakes.of(connection.id) };
}

function message(input: Partial<InboundMessage> = {}): InboundMessage {
  return { externalId: `wa-${++seq}`, chat: { number: uniqueNumber(), name: "Ana", isGroup: false }, fromMe: false, body: "hi", mediaType: "chat", timestamp: new Date(), ...input };
}

async function ticketOf(connectionId: number, externalId: string): Promise<MessagePage> {
  const [row] = await server.ctx.db
    .select({ ticketId: messages.ticketId })
    .from(messages)
    .where(and(eq(messages.connectionId, connectionId), eq(messages.externalId, externalId)));
  if (!row) throw new Error(`message ${externalId} not stored`);
  return (await server.request({ method: "GET", url: `/api/messages/${row.ticketId}`, token: admin })).json() as MessagePage;
}

describe("a driver's reports", () => {
  it("persist session updates: QR with retries, then CONNECTED with the number as the name", async () => {
    const { connection, driver } = await whatsapp();
    expect(connection.status).toBe("CONNECTED"); // the fake connects at start; the create answered after it
    await driver.events.onSession({ status: "qrcode", qrcode: "2@abc", retries: 2 });
    let current = (await server.request({ method: "GET", url: `/api/whatsapp/${connection.id}`, token: admin })).json() as Connection;
    expect(current).toMatchObject({ status: "qrcode", qrcode: "2@abc", retries: 2, name: connection.name });
    await driver.events.onSession({ status: "CONNECTED", number: "5511999990000" });
    current = (await server.request({ method: "GET", url: `/api/whatsapp/${connection.id}`, token: admin })).json() as Connection;
    expect(current).toMatchObject({ status: "CONNECTED", qrcode: "", name: "5511999990000", number: "5511999990000" });
  });

  it("store group messages in an isGroup ticket with the member as the message's contact", async () => {
    const { connection, driver } = await whatsapp();
    const group = { number: "120363000000000001", name: "Family", isGroup: true };
    const first = message({ chat: group, sender: { number: "+55 11 98888-7777", name: "Uncle" } });
    await driver.events.onMessage(first);
    const { ticket, messages: list } = await ticketOf(connection.id, first.externalId);
    expect(ticket).toMatchObject({ isGroup: true, contact: { name: "Family", isGroup: true } });
    expect(list[0]?.contact).toEqual({ id: null, name: "Uncle", number: "5511988887777" });
    expect(list).toHaveLength(1); // groups are not greeted
  });

  it("drop group messages when the connection ignores groups", async () => {
    const { connection, driver } = await whatsapp({ ignoreGroups: true });
    await driver.events.onMessage(message({ chat: { number: "120363000000000002", isGroup: true } }));
    const stored = await server.ctx.db.select().from(tickets).where(eq(tickets.connectionId, connection.id));
    expect(stored).toEqual([]);
  });

  it("store messages sent from the phone as fromMe, without an unread bump", async () => {
    const { connection, driver } = await whatsapp();
    const number = uniqueNumber();
    await driver.events.onMessage(message({ chat: { number, isGroup: false } }));
    const mine = message({ chat: { number, isGroup: false }, fromMe: true, body: "sent from my phone" });
    await driver.events.onMessage(mine);
    const { ticket, messages: list } = await ticketOf(connection.id, mine.externalId);
    expect(ticket).toMatchObject({ unreadMessages: 1, lastMessage: "sent from my phone" });
    expect(list.at(-1)).toMatchObject({ fromMe: true, ack: 1, read: true, contact: null });
  });

  it("apply edits, deletes and acks by external id", async () => {
    const { connection, driver } = await whatsapp();
    const original = message({ body: "typo" });
    await driver.events.onMessage(original);
    await driver.events.onEdit(original.externalId, "fixed");
    await driver.events.onDelete(original.externalId);
    let [stored] = (await ticketOf(connection.id, original.externalId)).messages;
    expect(stored).toMatchObject({ body: "fixed", isEdited: true, isDeleted: true });

    const reply = await server.request({ method: "POST", url: `/api/messages/${stored!.ticketId}`, token: admin, payload: { body: "answer" } });
    const sentId = reply.json().messages[0].id as number;
    expect(driver.sent.at(-1)).toMatchObject({ messageId: sentId, body: "answer", to: { number: stored!.contact!.number, isGroup: false } });
    await driver.events.onAck(`fake-${sentId}`, 4);
    [stored] = (await ticketOf(connection.id, `fake-${sentId}`)).messages.filter((m) => m.id === sentId);
    expect(stored).toMatchObject({ ack: 4, fromMe: true });
  });

  it("keep the contact's name but follow its profile picture", async () => {
    const { connection, driver } = await whatsapp();
    const number = uniqueNumber();
    await driver.events.onMessage(message({ chat: { number, name: "Pushname", isGroup: false, profilePicUrl: "https://pics.example/1.jpg" } }));
    const later = message({ chat: { number, name: "Another Name", isGroup: false, profilePicUrl: "https://pics.example/2.jpg" } });
    await driver.events.onMessage(later);
    const { ticket, messages: list } = await ticketOf(connection.id, later.externalId);
    expect(ticket.contact).toMatchObject({ name: "Pushname", profilePicUrl: "https://pics.example/2.jpg" });
    expect(list).toHaveLength(2);
  });

  it("store a driver's media with a unique name and its type", async () => {
    const { connection, driver } = await whatsapp();
    const photo = message({ mediaType: "image", body: "look", media: { data: pngBytes, mimeType: "image/png", fileName: "a.png" } });
    const again = message({ chat: photo.chat, mediaType: "image", body: "again", media: { data: pngBytes, mimeType: "image/png", fileName: "a.png" } });
    await driver.events.onMessage(photo);
    await driver.events.onMessage(again);
    const { messages: list } = await ticketOf(connection.id, photo.externalId);
    const urls = list.map((m) => m.mediaUrl);
    expect(urls[0]).toMatch(/\.png$/);
    expect(new Set(urls).size).toBe(2);
  });
});
