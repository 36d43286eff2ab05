import type { AppMessageEvent, Connection, ContactEvent, Message, MessagePage, PublicSendResponse, TicketEvent } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connections, contacts, tickets } from "../../db/schema/index.js";
import { inbound, uniqueNumber } from "../../test/channel-fixtures.js";
import { exeBytes, multipart, pngBytes, pngOfSize } from "../../test/media-samples.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { expectError } from "../../test/route-guards.js";
import { recordEvents, settle, socketPool } from "../../test/socket-client.js";
import { startReceiver } from "../../test/webhook-receiver.js";
import { apiTokenOf, connectedConnection, sendApi } from "../../test/send-api-fixtures.js";

let server: TestServer;
let admin: string;
let apiToken: string;
let owner: { id: number; token: string };
/** The default connection (the first one), routed to `owner`, without a webhook: the channel takes messages at once. */
let byDefault: Connection;
/** A second connection, delivering to a webhook receiver. */
let hooked: Connection;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let adminSocket: Socket;
let baseUrl = "";
const sockets = socketPool(() => baseUrl);

beforeAll(async () => {
  receiver = await startReceiver();
  server = await createTestServer();
  admin = await server.adminToken();
  apiToken = await apiTokenOf(server, admin);
  owner = await server.createUser({ name: "Owner" });
  byDefault = await connectedConnection(server, admin, { destinationType: "users", destinationItem: owner.id });
  hooked = await connectedConnection(server, admin, { destinationType: "users", destinationItem: owner.id, label: "Website chat", webhookUrl: receiver.url });
  baseUrl = await server.listen();
  adminSocket = await sockets.connect(admin);
});
afterAll(async () => {
  sockets.closeAll();
  await server.close();
  await receiver.close();
});

const send = (payload: object) => sendApi(server, apiToken, payload);
const contactOf = async (number: string) => (await server.ctx.db.select().from(contacts).where(eq(contacts.number, number)))[0];
const ticketsOf = (contactId: number) => server.ctx.db.select().from(tickets).where(eq(tickets.contactId, contactId));

describe("POST /api/messages/send as JSON", () => {
  it("creates the contact and a waiting ticket on the default connection, and sends as a reply would", async () => {
    const number = uniqueNumber();
    expect(byDefault.isDefault).toBe(true);
    await settle(adminSocket);
    const heardTickets = recordEvents<TicketEvent>(adminSocket, "ticket");
    const heardMessages = recordEvents<AppMessageEvent>(adminSocket, "appMessage");
    const heardContacts = recordEvents<ContactEvent>(adminSocket, "contact");

    const response = await send({ number, body: "Your order has shipped" });

    expect(response.statusCode).toBe(201);
    const sent = response.json() as PublicSendResponse;
    expect(sent.ticket).toMatchObject({ status: "pending", userId: null, whatsappId: byDefault.id, lastMessage: "Your order has shipped", contact: { number } });
    expect(sent.messages).toEqual([expect.objectContaining({ body: "Your order has shipped", fromMe: true, userId: null, viaApi: true, ack: 1, failed: false })]);
    const contact = await contactOf(number);
    expect(contact).toMatchObject({ name: number, isGroup: false });
    expect(await ticketsOf(contact!.id)).toEqual([expect.objectContaining({ id: sent.ticket.id, status: "pending" })]);

    // Live, as an app reply: the new contact, the new ticket, the message, its ack.
    await settle(adminSocket);
    expect(heardContacts).toEqual([{ action: "create", contact: expect.objectContaining({ id: contact!.id, number }) }]);
    expect(heardTickets).toEqual([expect.objectContaining({ action: "create", ticket: expect.objectContaining({ id: sent.ticket.id }) })]);
    expect(heardMessages).toEqual([
      expect.objectContaining({ action: "create", message: expect.objectContaining({ id: sent.messages[0]!.id, viaApi: true, ack: 0 }) }),
      expect.objectContaining({ action: "update", message: expect.objectContaining({ id: sent.messages[0]!.id, ack: 1 }) }),
    ]);

    // The ticket's history shows where it came from.
    const page = (await server.request({ method: "GET", url: `/api/messages/${sent.ticket.id}`, token: admin })).json() as MessagePage;
    expect(page.messages).toEqual([expect.objectContaining({ body: "Your order has shipped", viaApi: true, userId: null })]);
  });

  it("reads an empty whatsappId (\"\", null, false) as no connection named: the default one", async () => {
    for (const whatsappId of ["", null, false]) {
      const response = await send({ number: uniqueNumber(), body: "Empty select", whatsappId });
      expect(response.statusCode).toBe(201);
      expect((response.json() as PublicSendResponse).ticket.whatsappId).toBe(byDefault.id);
    }
  });

  it("reuses the contact and its ticket for the next send, whatever way the number is written", async () => {
    const number = uniqueNumber();
    const first = (await send({ number, body: "One" })).json() as PublicSendResponse;
    const formatted = `+${number.slice(0, 2)} (${number.slice(2, 4)}) ${number.slice(4, 9)}-${number.slice(9)}`;
    const second = await send({ number: formatted, body: "Two" });
    expect(second.statusCode).toBe(201);
    expect((second.json() as PublicSendResponse).ticket.id).toBe(first.ticket.id);
    expect(await server.ctx.db.select().from(contacts).where(eq(contacts.number, number))).toHaveLength(1);
  });

  it("writes into the contact's active ticket, an attendant's open one included, and its owner hears it", async () => {
    const number = uniqueNumber();
    const { ticketId } = await inbound(server, byDefault, { from: { number, name: "Known customer" } });
    const [open] = await server.ctx.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(open).toMatchObject({ status: "open", userId: owner.id });
    const ownerSocket = await sockets.connect(owner.token);
    const heard = recordEvents<AppMessageEvent>(ownerSocket, "appMessage");

    const response = await send({ number, body: "Reminder: your appointment is tomorrow" });

    expect(response.statusCode).toBe(201);
    expect((response.json() as PublicSendResponse).ticket).toMatchObject({ id: ticketId, status: "open", userId: owner.id });
    expect((await contactOf(number))?.name).toBe("Known customer");
    await settle(ownerSocket);
    expect(heard[0]).toMatchObject({ action: "create", message: { body: "Reminder: your appointment is tomorrow", viaApi: true } });
  });

  it("starts a new ticket when the contact's last one is closed", async () => {
    const number = uniqueNumber();
    const first = (await send({ number, body: "One" })).json() as PublicSendResponse;
    await server.ctx.db.update(tickets).set({ status: "closed", closedAt: new Date() }).where(eq(tickets.id, first.ticket.id));
    const second = (await send({ number, body: "Two" })).json() as PublicSendResponse;
    expect(second.ticket.id).not.toBe(first.ticket.id);
    expect(second.ticket.status).toBe("pending");
  });

  it("never leaves two active tickets for one contact when sends to a new number race", async () => {
    const number = uniqueNumber();
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => send({ number, body: `Parallel ${i}` })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ticketIds = new Set(answers.map((answer) => (answer.json() as PublicSendResponse).ticket.id));
    expect(ticketIds.size).toBe(1);
    expect(await ticketsOf((await contactOf(number))!.id)).toHaveLength(1);
  });

  it("refuses what is not a phone number, and malformed bodies, creating nothing", async () => {
    await expectError(send({ number: "call me maybe", body: "Hi" }), 400, "ERR_WAPP_INVALID_CONTACT");
    await expectError(send({ number: "1234", body: "Hi" }), 400, "ERR_WAPP_INVALID_CONTACT");
    const number = uniqueNumber();
    await expectError(send({ body: "Hi" }), 400, "ERR_MISSING_VALUES");
    await expectError(send({ number, body: "   " }), 400, "ERR_MISSING_VALUES");
    await expectError(send({ number, body: "x".repeat(70_000) }), 400, "ERR_MISSING_VALUES");
    await expectError(send({ number, body: "Hi", whatsappId: "first" }), 400, "ERR_MISSING_VALUES");
    const broken = server.request({ method: "POST", url: "/api/messages/send", headers: { authorization: `Bearer ${apiToken}`, "content-type": "application/json" }, payload: "{number:" });
    await expectError(broken, 400, "ERR_MISSING_VALUES");
    expect(await contactOf(number)).toBeUndefined();
  });
});

describe("choosing the connection", () => {
  it("sends through the connection named by whatsappId, reaching its webhook as an app reply does", async () => {
    const number = uniqueNumber();
    const response = await send({ number, body: "Via the website", whatsappId: hooked.id });
    expect(response.statusCode).toBe(201);
    const sent = response.json() as PublicSendResponse;
    expect(sent.ticket.whatsappId).toBe(hooked.id);
    expect(sent.messages[0]).toMatchObject({ ack: 0, viaApi: true });

    const before = receiver.received.length;
    expect(await server.ctx.eventOutbox.runOnce()).toBe(1);
    expect(receiver.received.slice(before).map((r) => r.payload)).toEqual([
      expect.objectContaining({ event: "message", connectionId: hooked.id, messageId: sent.messages[0]!.id, ticketId: sent.ticket.id, body: "Via the website", to: expect.objectContaining({ number }) }),
    ]);
  });

  it("finds a connection by its name or label (connectionName), refusing an ambiguous one", async () => {
    const byLabel = (await send({ number: uniqueNumber(), body: "By label", connectionName: "Website chat" })).json() as PublicSendResponse;
    expect(byLabel.ticket.whatsappId).toBe(hooked.id);
    const byName = (await send({ number: uniqueNumber(), body: "By name", connectionName: byDefault.name })).json() as PublicSendResponse;
    expect(byName.ticket.whatsappId).toBe(byDefault.id);

    const twin = await connectedConnection(server, admin, { destinationType: "users", destinationItem: owner.id, label: "Twin" });
    await connectedConnection(server, admin, { destinationType: "users", destinationItem: owner.id, label: "Twin" });
    await expectError(send({ number: uniqueNumber(), body: "Which one?", connectionName: "Twin" }), 400, "ERR_MISSING_VALUES");
    await expectError(send({ number: uniqueNumber(), body: "Both", connectionName: "Twin", whatsappId: twin.id }), 400, "ERR_MISSING_VALUES");
  });

  it("answers a catalogued error for an unknown or stopped connection, creating nothing", async () => {
    const number = uniqueNumber();
    await expectError(send({ number, body: "Hi", whatsappId: 999_999 }), 404, "ERR_NO_WAPP_FOUND");
    await expectError(send({ number, body: "Hi", connectionName: "Nobody has this name" }), 404, "ERR_NO_WAPP_FOUND");
    const stopped = await connectedConnection(server, admin, { destinationType: "users", destinationItem: owner.id });
    await server.ctx.channels.stop(stopped.id);
    await expectError(send({ number, body: "Hi", whatsappId: stopped.id }), 409, "ERR_WAPP_NOT_INITIALIZED");
    // Running here but not connected (a WhatsApp session waiting for its QR code, say).
    const unpaired = await connectedConnection(server, admin, { destinationType: "users", destinationItem: owner.id });
    await server.ctx.db.update(connections).set({ status: "qrcode" }).where(eq(connections.id, unpaired.id));
    expect(server.ctx.channels.isRunning(unpaired.id)).toBe(true);
    await expectError(send({ number, body: "Hi", whatsappId: unpaired.id }), 409, "ERR_WAPP_NOT_INITIALIZED");
    expect(await contactOf(number)).toBeUndefined();
  });
});

describe("POST /api/messages/send as multipart", () => {
  const form = (parts: Parameters<typeof multipart>[0]) => {
    const { payload, headers } = multipart(parts);
    return server.request({ method: "POST", url: "/api/messages/send", headers: { ...headers, authorization: `Bearer ${apiToken}` }, payload });
  };

  it("sends files with the body as the first one's caption, through a named connection", async () => {
    const number = uniqueNumber();
    const response = await form([
      { name: "number", value: number },
      { name: "whatsappId", value: String(byDefault.id) },
      { name: "body", value: "Your invoice" },
      { name: "medias", file: pngBytes, fileName: "invoice.png", type: "image/png" },
      { name: "medias", file: Buffer.from("plain text"), fileName: "notes.txt", type: "text/plain" },
    ]);
    expect(response.statusCode).toBe(201);
    const sent = response.json() as PublicSendResponse;
    expect(sent.ticket.whatsappId).toBe(byDefault.id);
    expect(sent.messages).toEqual([
      expect.objectContaining({ body: "Your invoice", mediaType: "image", fileName: "invoice.png", viaApi: true, ack: 1 }),
      expect.objectContaining({ body: "notes.txt", fileName: "notes.txt", viaApi: true }),
    ]);
    const file = await server.request({ method: "GET", url: (sent.messages[0] as Message).mediaUrl!, token: admin });
    expect(file.rawPayload.equals(pngBytes)).toBe(true);
  });

  it("refuses a file too large for its kind, a file type not allowed, no file, a bad number; nothing is created", async () => {
    const number = uniqueNumber();
    await expectError(form([{ name: "number", value: number }, { name: "medias", file: pngOfSize(16 * 1024 * 1024 + 1), fileName: "big.png", type: "image/png" }]), 413, "ERR_PAYLOAD_TOO_LARGE");
    await expectError(form([{ name: "number", value: number }, { name: "medias", file: exeBytes(), fileName: "setup.exe", type: "application/octet-stream" }]), 415, "FILE_NOT_SUPPORTED");
    await expectError(form([{ name: "number", value: number }, { name: "body", value: "No file" }]), 400, "ERR_MISSING_VALUES");
    await expectError(form([{ name: "medias", file: pngBytes, fileName: "a.png", type: "image/png" }]), 400, "ERR_MISSING_VALUES");
    await expectError(form([{ name: "number", value: "not a number" }, { name: "medias", file: pngBytes, fileName: "a.png", type: "image/png" }]), 400, "ERR_WAPP_INVALID_CONTACT");
    expect(await contactOf(number)).toBeUndefined();
  });
});
