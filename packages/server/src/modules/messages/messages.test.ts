import type { Connection, Message, MessagePage } from "@atendo/contracts";
import { limits, signedText } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ticketParticipants, tickets, users } from "../../db/schema/index.js";
import { createConnection, inbound, uniqueNumber } from "../../test/channel-fixtures.js";
import { fakeDrivers } from "../../test/fake-driver.js";
import { multipart, pngBytes } from "../../test/media-samples.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectRefused } from "../../test/route-guards.js";

let server: TestServer;
let admin: string;
let member: { id: number; token: string };
let outsider: { id: number; token: string };
let owner: { id: number; token: string };
let queued: Connection;
let direct: Connection;
const fakes = fakeDrivers();

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  server.ctx.channels.registerDriver("whatsapp", fakes.factory);
  member = await server.createUser({ name: "Member" });
  outsider = await server.createUser({ name: "Outsider" });
  owner = await server.createUser({ name: "Owner" });
  const queue = await createQueue(server, admin, { userIds: [member.id] });
  queued = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
  direct = await createConnection(server, admin, { destinationType: "users", destinationItem: owner.id });
});
afterAll(() => server.close());

const get = (ticketId: number, token: string | undefined, pageNumber = 1) =>
  server.request({ method: "GET", url: `/api/messages/${ticketId}?pageNumber=${pageNumber}`, token });
const send = (ticketId: number, token: string | undefined, payload: object) => server.request({ method: "POST", url: `/api/messages/${ticketId}`, token, payload });

describe("message routes: guards", () => {
  it("reject anonymous users", async () => {
    const { ticketId, messageId } = await inbound(server, queued);
    await expectRefused(
      server,
      [
        { method: "GET", url: `/api/messages/${ticketId}` },
        { method: "POST", url: `/api/messages/${ticketId}`, payload: { body: "hi" } },
        { method: "PUT", url: `/api/messages/${ticketId}` },
        { method: "DELETE", url: `/api/messages/${messageId}`, payload: { ticketId } },
      ],
      anonymous,
      401,
      "ERR_SESSION_EXPIRED",
    );
  });

  it("let who may see the ticket read it: its queue's members while pending, admins; not others", async () => {
    const { ticketId } = await inbound(server, queued);
    expect((await get(ticketId, member.token)).statusCode).toBe(200);
    expect((await get(ticketId, admin)).statusCode).toBe(200);
    await expectRefused(server, [{ method: "GET", url: `/api/messages/${ticketId}` }], outsider.token, 403, "ERR_NO_PERMISSION");
    const mine = await inbound(server, direct);
    expect((await get(mine.ticketId, owner.token)).statusCode).toBe(200);
    expect((await get(mine.ticketId, member.token)).statusCode).toBe(403);
    expect((await get(999_999, admin)).json().error).toBe("ERR_NO_TICKET_FOUND");
  });

  it("let the open ticket's owner, a participant and admins write; not a queue member of a waiting ticket", async () => {
    const waiting = await inbound(server, queued);
    expect((await send(waiting.ticketId, member.token, { body: "Not mine yet" })).json().error).toBe("ERR_NO_PERMISSION");
    expect((await send(waiting.ticketId, admin, { body: "Admin answers" })).statusCode).toBe(201);

    const open = await inbound(server, direct);
    expect((await send(open.ticketId, owner.token, { body: "Owner answers" })).statusCode).toBe(201);
    expect((await send(open.ticketId, outsider.token, { body: "Intruder" })).statusCode).toBe(403);
    await server.ctx.db.insert(ticketParticipants).values({ ticketId: open.ticketId, userId: outsider.id });
    expect((await send(open.ticketId, outsider.token, { body: "Invited" })).statusCode).toBe(201);
    expect((await get(open.ticketId, outsider.token)).statusCode).toBe(200);

    await server.ctx.db.update(tickets).set({ status: "closed" }).where(eq(tickets.id, open.ticketId));
    expect((await send(open.ticketId, admin, { body: "Too late" })).json().error).toBe("ERR_NO_PERMISSION");
  });
});

describe("GET /api/messages/:ticketId", () => {
  it("pages 40 at a time, newest page first, each page oldest first", async () => {
    const number = uniqueNumber();
    let ticketId = 0;
    for (let i = 0; i < limits.messagePageSize + 5; i++) ({ ticketId } = await inbound(server, direct, { from: { number }, body: `n${i}` }));
    const first = (await get(ticketId, owner.token)).json() as MessagePage;
    expect(first.hasMore).toBe(true);
    expect(first.messages.map((m) => m.body)).toEqual(Array.from({ length: 40 }, (_, i) => `n${i + 5}`));
    const second = (await get(ticketId, owner.token, 2)).json() as MessagePage;
    expect(second).toMatchObject({ hasMore: false, ticket: { id: ticketId } });
    expect(second.messages.map((m) => m.body)).toEqual(["n0", "n1", "n2", "n3", "n4"]);
  });
});

describe("PUT /api/messages/:ticketId (mark read)", () => {
  const markRead = (ticketId: number, token: string) => server.request({ method: "PUT", url: `/api/messages/${ticketId}`, token });
  const unreadOf = async (ticketId: number) => (await server.request({ method: "GET", url: `/api/tickets/${ticketId}`, token: admin })).json().ticket.unreadMessages;

  it("is refused to who may not see the ticket, and answers a missing one as missing", async () => {
    const { ticketId } = await inbound(server, direct);
    await expectRefused(server, [{ method: "PUT", url: `/api/messages/${ticketId}` }], member.token, 403, "ERR_NO_PERMISSION");
    expect((await markRead(999_999, admin)).json().error).toBe("ERR_NO_TICKET_FOUND");
    expect(await unreadOf(ticketId)).toBe(1);
  });

  it("resets the unread count of a message that arrived while the owner had the ticket open", async () => {
    const number = uniqueNumber();
    const { ticketId } = await inbound(server, direct, { from: { number }, body: "first" });
    await get(ticketId, owner.token); // the owner opens the ticket: read
    await inbound(server, direct, { from: { number }, body: "arrives while it is on screen" });
    expect(await unreadOf(ticketId)).toBe(1);
    const response = await markRead(ticketId, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await unreadOf(ticketId)).toBe(0);
    const page = (await get(ticketId, owner.token)).json() as MessagePage;
    expect(page.messages.every((m) => m.fromMe || m.read)).toBe(true);
  });

  it("leaves the count to the owner: an admin or a queue member reading changes nothing", async () => {
    const owned = await inbound(server, direct);
    expect((await markRead(owned.ticketId, admin)).statusCode).toBe(200);
    expect(await unreadOf(owned.ticketId)).toBe(1);
    const waiting = await inbound(server, queued);
    expect((await markRead(waiting.ticketId, member.token)).statusCode).toBe(200);
    expect(await unreadOf(waiting.ticketId)).toBe(1);
  });
});

describe("POST /api/messages/:ticketId (text)", () => {
  it("stores a reply from the sender, shown sent, and makes it the ticket's last message", async () => {
    const { ticketId, messageId } = await inbound(server, direct);
    const response = await send(ticketId, owner.token, { body: "  On its way  ", quotedMsg: { id: messageId, body: "ignored" } });
    expect(response.statusCode).toBe(201);
    const [message] = (response.json() as { messages: Message[] }).messages;
    expect(message).toMatchObject({ body: "On its way", fromMe: true, userId: owner.id, ack: 1, failed: false, quotedMsg: { id: messageId, fromMe: false } });
    expect(((await get(ticketId, owner.token)).json() as MessagePage).ticket.lastMessage).toBe("On its way");
  });

  it("sends the signed text but keeps the sender's signature out of the ticket's last message (issue 16)", async () => {
    await server.ctx.db.update(users).set({ extension: "4321" }).where(eq(users.id, owner.id));
    const { ticketId } = await inbound(server, direct);
    const signed = signedText("See you *tomorrow*\nBye", { name: "Owner", extension: "4321" });
    const [message] = ((await send(ticketId, owner.token, { body: signed })).json() as { messages: Message[] }).messages;
    // An API connection: the name in plain text, no internal extension (issue 28, decision 0070).
    expect(message?.body).toBe("Owner\nSee you *tomorrow*\nBye");
    expect(((await get(ticketId, owner.token)).json() as MessagePage).ticket.lastMessage).toBe("See you *tomorrow*\nBye");
    // Someone else's name in bold on the first line is the message itself, not this sender's signature.
    await send(ticketId, owner.token, { body: "*Maria* (1)\nhello" });
    expect(((await get(ticketId, owner.token)).json() as MessagePage).ticket.lastMessage).toBe("*Maria* (1)\nhello");
    await server.ctx.db.update(users).set({ extension: null }).where(eq(users.id, owner.id));
  });

  it("hands WhatsApp the spec's signature as it is: the name in bold and the extension (issue 28)", async () => {
    await server.ctx.db.update(users).set({ extension: "4321" }).where(eq(users.id, owner.id));
    const whatsapp = await createConnection(server, admin, { kind: "whatsapp", destinationType: "users", destinationItem: owner.id });
    const driver = fakes.of(whatsapp.id);
    await driver.events.onMessage({ externalId: "sig-1", chat: { number: uniqueNumber(), isGroup: false }, fromMe: false, body: "hi", mediaType: "chat", timestamp: new Date() });
    const [row] = await server.ctx.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.connectionId, whatsapp.id));
    const signed = signedText("See you", { name: "Owner", extension: "4321" });
    const response = await send(row!.id, owner.token, { body: signed });
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as { messages: Message[] }).messages[0]?.body).toBe("*Owner* (4321)\nSee you");
    expect(driver.sent.at(-1)?.body).toBe("*Owner* (4321)\nSee you");
    expect(((await get(row!.id, owner.token)).json() as MessagePage).ticket.lastMessage).toBe("See you");
    await server.ctx.db.update(users).set({ extension: null }).where(eq(users.id, owner.id));
  });

  it("says which field is too long and its limit, as JSON and as a file's caption (issue 16)", async () => {
    const { ticketId } = await inbound(server, direct);
    const long = "x".repeat(limits.messageBodyMax + 1);
    const asJson = await send(ticketId, owner.token, { body: long });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json()).toMatchObject({ error: "ERR_MISSING_VALUES", message: expect.stringMatching(/body: .*65536/) });
    const asCaption = await server.request({
      method: "POST",
      url: `/api/messages/${ticketId}`,
      token: owner.token,
      ...multipart([
        { name: "body", value: long },
        { name: "medias", file: pngBytes, fileName: "a.png", type: "image/png" },
      ]),
    });
    expect(asCaption.statusCode).toBe(400);
    expect(asCaption.json()).toMatchObject({ error: "ERR_MISSING_VALUES", message: `Incomplete or invalid information. body: at most 65536 characters (${long.length} sent).` });
  });

  it("refuses a blank text and a quote from another contact", async () => {
    const { ticketId } = await inbound(server, direct);
    for (const body of ["", "   "]) expect((await send(ticketId, owner.token, { body })).json().error).toBe("ERR_MISSING_VALUES");
    const stranger = await inbound(server, direct);
    const quoted = await send(ticketId, owner.token, { body: "x", quotedMsg: { id: stranger.messageId } });
    expect(quoted.statusCode).toBe(404);
    expect(quoted.json().error).toBe("ERR_NO_MESSAGE_FOUND");
  });

  it("refuses to quote a message of a ticket the sender may not see, as if it did not exist (issue 11)", async () => {
    // Attendant A (owner) has a closed conversation with a contact.
    const number = uniqueNumber();
    const first = await inbound(server, direct, { from: { number }, body: "My card ends in 4242" });
    const answer = await send(first.ticketId, owner.token, { body: "A's private answer" });
    const privateReply = (answer.json() as { messages: Message[] }).messages[0]!.id;
    await server.ctx.db.update(tickets).set({ status: "closed" }).where(eq(tickets.id, first.ticketId));
    const [closed] = await server.ctx.db.select({ contactId: tickets.contactId }).from(tickets).where(eq(tickets.id, first.ticketId));

    // Attendant B (no canSeeAllTicketHistory) starts a ticket with the same contact on the same
    // connection, theirs too (one an attendant may use, docs/decisions/0041).
    await server.ctx.db.update(users).set({ whatsappId: direct.id }).where(eq(users.id, outsider.id));
    const started = await server.request({ method: "POST", url: "/api/tickets", token: outsider.token, payload: { contactId: closed!.contactId, whatsappId: direct.id } });
    expect(started.statusCode, started.body).toBe(201);
    const own = (started.json() as { ticket: { id: number } }).ticket.id;
    expect((await get(first.ticketId, outsider.token)).statusCode).toBe(403);

    // …and quotes A's messages by id: refused like a missing message, nothing stored.
    for (const id of [first.messageId, privateReply]) {
      const quoted = await send(own, outsider.token, { body: "x", quotedMsg: { id } });
      expect(quoted.statusCode, quoted.body).toBe(404);
      expect(quoted.json()).toEqual({ error: "ERR_NO_MESSAGE_FOUND", message: expect.any(String) });
    }
    expect(((await get(own, outsider.token)).json() as MessagePage).messages).toEqual([]);

    // Who may see the closed ticket still quotes it: an admin, and a participant with the history permission.
    const byAdmin = await send(own, admin, { body: "Quoting history", quotedMsg: { id: privateReply } });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect((byAdmin.json() as { messages: Message[] }).messages[0]?.quotedMsg).toMatchObject({ id: privateReply, body: "A's private answer" });
    const historian = await server.createUser({ name: "Historian" });
    await server.ctx.db.update(users).set({ canSeeAllTicketHistory: true }).where(eq(users.id, historian.id));
    await server.ctx.db.insert(ticketParticipants).values({ ticketId: own, userId: historian.id });
    expect((await send(own, historian.token, { body: "Me too", quotedMsg: { id: first.messageId } })).statusCode).toBe(201);
  });

  it("marks the message failed and answers the channel's error when the driver cannot send", async () => {
    const queue = await createQueue(server, admin);
    const whatsapp = await createConnection(server, admin, { kind: "whatsapp", destinationType: "queue", destinationItem: queue.id });
    const driver = fakes.of(whatsapp.id);
    await driver.events.onMessage({ externalId: "w1", chat: { number: uniqueNumber(), isGroup: false }, fromMe: false, body: "hi", mediaType: "chat", timestamp: new Date() });
    const [row] = await server.ctx.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.connectionId, whatsapp.id));
    const ticketId = row?.id;
    driver.sendError = new Error("socket closed");
    const failed = await send(ticketId!, admin, { body: "will fail" });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toBe("ERR_SENDING_WAPP_MSG");
    await server.ctx.channels.stop(whatsapp.id);
    const idle = await send(ticketId!, admin, { body: "no driver" });
    expect(idle.json().error).toBe("ERR_WAPP_NOT_INITIALIZED");
    const list = ((await get(ticketId!, admin)).json() as MessagePage).messages.filter((m) => m.fromMe);
    expect(list.map((m) => [m.body, m.failed, m.ack])).toEqual([
      ["will fail", true, 0],
      ["no driver", true, 0],
    ]);
  });
});
