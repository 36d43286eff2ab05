import type { AppMessageEvent, Connection, ForwardResult, ForwardTargets, MessagePage } from "@atendo/contracts";
import { limits, parseLastMessage } from "@atendo/contracts";
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messages, ticketParticipants, tickets } from "../../db/schema/index.js";
import { createConnection, inbound, uniqueNumber } from "../../test/channel-fixtures.js";
import { fakeDrivers } from "../../test/fake-driver.js";
import { createQueue } from "../../test/fixtures.js";
import { useLiveServer } from "../../test/live-server.js";
import { pngBytes } from "../../test/media-samples.js";
import { anonymous, expectRefused } from "../../test/route-guards.js";
import { recordEvents, settle } from "../../test/socket-client.js";

const live = useLiveServer();
const fakes = fakeDrivers();
type User = { id: number; token: string };
let owner: User;
let colleague: User;
let member: User;
let direct: Connection;
let colleagueLine: Connection;
let queued: Connection;

beforeAll(async () => {
  live.server.ctx.channels.registerDriver("whatsapp", fakes.factory);
  owner = await live.server.createUser({ name: "Owner" });
  colleague = await live.server.createUser({ name: "Colleague" });
  member = await live.server.createUser({ name: "Member" });
  // API connections without a webhook: replies count as sent at once.
  direct = await createConnection(live.server, live.admin, { destinationType: "users", destinationItem: owner.id });
  colleagueLine = await createConnection(live.server, live.admin, { destinationType: "users", destinationItem: colleague.id });
  const queue = await createQueue(live.server, live.admin, { userIds: [member.id] });
  queued = await createConnection(live.server, live.admin, { destinationType: "queue", destinationItem: queue.id });
});

const forward = (token: string | undefined, payload: object) => live.server.request({ method: "POST", url: "/api/forwardmessage/tickets", token, payload });
const targets = async (token: string, searchParam = "") =>
  (await live.server.request({ method: "GET", url: `/api/forwardmessage/tickets?searchParam=${encodeURIComponent(searchParam)}`, token })).json() as ForwardTargets;

async function messagesOf(ticketId: number) {
  return live.server.ctx.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(messages.id);
}

describe("forwarding: guards", () => {
  it("rejects anonymous users", async () => {
    await expectRefused(
      live.server,
      [
        { method: "GET", url: "/api/forwardmessage/tickets" },
        { method: "POST", url: "/api/forwardmessage/tickets", payload: { messageIds: [1], ticketIds: [1] } },
      ],
      anonymous,
      401,
      "ERR_SESSION_EXPIRED",
    );
  });
});

describe("GET /api/forwardmessage/tickets", () => {
  it("lists the open tickets the caller may write in, newest first: own and participated; admins all", async () => {
    const name = `Target ${uniqueNumber()}`;
    const mine = await inbound(live.server, direct, { from: { number: uniqueNumber(), name } });
    const theirs = await inbound(live.server, colleagueLine, { from: { number: uniqueNumber(), name } });
    const shared = await inbound(live.server, colleagueLine, { from: { number: uniqueNumber(), name } });
    await live.server.ctx.db.insert(ticketParticipants).values({ ticketId: shared.ticketId, userId: owner.id });
    const waiting = await inbound(live.server, queued, { from: { number: uniqueNumber(), name } });
    const closed = await inbound(live.server, direct, { from: { number: uniqueNumber(), name } });
    await live.server.ctx.db.update(tickets).set({ status: "closed" }).where(eq(tickets.id, closed.ticketId));

    expect((await targets(owner.token, name)).tickets.map((t) => t.id)).toEqual([shared.ticketId, mine.ticketId]);
    expect((await targets(member.token, name)).tickets).toEqual([]);
    const all = await targets(live.admin, name);
    expect(all.tickets.map((t) => t.id)).toEqual([shared.ticketId, theirs.ticketId, mine.ticketId]);
    expect(all.tickets.map((t) => t.id)).not.toContain(waiting.ticketId);
    expect(all.tickets[2]).toEqual({ id: mine.ticketId, contact: { name, number: expect.any(String), profilePicUrl: null }, whatsapp: { name: direct.name } });
  });

  it("searches contact names case-insensitively and numbers by their digits, at most a page", async () => {
    const number = uniqueNumber();
    const { ticketId } = await inbound(live.server, direct, { from: { number, name: "Zebediah Quill" } });
    expect((await targets(owner.token, "zEbEdIaH")).tickets.map((t) => t.id)).toEqual([ticketId]);
    expect((await targets(owner.token, `+${number.slice(0, 2)} ${number.slice(2)}`)).tickets.map((t) => t.id)).toEqual([ticketId]);
    for (let i = 0; i <= limits.pageSize; i++) await inbound(live.server, direct);
    expect((await targets(owner.token)).tickets).toHaveLength(limits.pageSize);
  });
});

describe("POST /api/forwardmessage/tickets", () => {
  it("copies the messages, in the order they were written, into each target, forwarded and sent, and tells the targets' audiences", async () => {
    const source = await inbound(live.server, queued, { body: "first" });
    const image = await inbound(live.server, queued, { from: { number: (await sourceNumber(source.ticketId))! }, body: "", media: { data: pngBytes.toString("base64"), mimeType: "image/png", fileName: "dot.png" } });
    const one = await inbound(live.server, direct);
    const two = await inbound(live.server, direct);
    const ownerSocket = await live.sockets.connect(owner.token);
    const memberSocket = await live.sockets.connect(member.token);
    const ownerHeard = recordEvents<AppMessageEvent>(ownerSocket, "appMessage");
    const memberHeard = recordEvents<AppMessageEvent>(memberSocket, "appMessage");

    // An admin forwards from a waiting ticket into two of the owner's (permission cases follow below).
    const response = await forward(live.admin, { messageIds: [image.messageId, source.messageId], ticketIds: [two.ticketId, one.ticketId] });
    expect(response.statusCode).toBe(201);
    const result = response.json() as ForwardResult;
    expect(result.messages.map((m) => [m.ticketId, m.body, m.mediaType, m.fileName, m.isForwarded, m.fromMe, m.ack])).toEqual([
      [two.ticketId, "first", "chat", null, true, true, 1],
      [two.ticketId, "", "image", "dot.png", true, true, 1],
      [one.ticketId, "first", "chat", null, true, true, 1],
      [one.ticketId, "", "image", "dot.png", true, true, 1],
    ]);
    const [sourceImage] = (await messagesOf(source.ticketId)).filter((m) => m.id === image.messageId);
    const copies = result.messages.filter((m) => m.mediaType === "image");
    // Each copy has a file of its own name with the same bytes, fetched by who may see its ticket.
    expect(new Set([...copies.map((m) => m.mediaUrl), `/api/media/${sourceImage?.mediaName}`]).size).toBe(3);
    const file = await live.server.request({ method: "GET", url: copies[0]!.mediaUrl!, token: owner.token });
    expect([file.statusCode, file.rawPayload.equals(pngBytes)]).toEqual([200, true]);
    expect((await live.server.request({ method: "GET", url: copies[0]!.mediaUrl!, token: member.token })).statusCode).toBe(403);

    const page = (await live.server.request({ method: "GET", url: `/api/messages/${one.ticketId}`, token: owner.token })).json() as MessagePage;
    expect(parseLastMessage(page.ticket.lastMessage)).toEqual({ mediaType: "image", text: "" });
    await settle(ownerSocket);
    const created = ownerHeard.flatMap((e) => (e.action === "create" ? [[e.message.ticketId, e.message.mediaType, e.message.isForwarded]] : []));
    expect(created).toEqual([
      [two.ticketId, "chat", true],
      [two.ticketId, "image", true],
      [one.ticketId, "chat", true],
      [one.ticketId, "image", true],
    ]);
    await settle(memberSocket);
    expect(memberHeard).toEqual([]);
  });

  it("needs every source ticket visible and every target writable, and writes nothing otherwise", async () => {
    const own = await inbound(live.server, direct, { body: "owner's customer" });
    const target = await inbound(live.server, direct);
    const colleagues = await inbound(live.server, colleagueLine, { body: "colleague's customer" });
    const waiting = await inbound(live.server, queued, { body: "waiting" });
    const closed = await inbound(live.server, direct);
    await live.server.ctx.db.update(tickets).set({ status: "closed" }).where(eq(tickets.id, closed.ticketId));
    const before = await countAll();

    const refusals: Array<[User | string, object]> = [
      // a source the owner may not see (a colleague's open ticket)
      [owner, { messageIds: [own.messageId, colleagues.messageId], ticketIds: [target.ticketId] }],
      // a target the owner may not write in: a colleague's, a waiting one, a closed one
      [owner, { messageIds: [own.messageId], ticketIds: [target.ticketId, colleagues.ticketId] }],
      [owner, { messageIds: [own.messageId], ticketIds: [waiting.ticketId] }],
      [owner, { messageIds: [own.messageId], ticketIds: [closed.ticketId] }],
      // a queue member sees the waiting ticket but may not write in the owner's
      [member, { messageIds: [waiting.messageId], ticketIds: [target.ticketId] }],
      // nobody writes in a closed ticket, admins included
      [live.admin, { messageIds: [own.messageId], ticketIds: [closed.ticketId] }],
    ];
    for (const [who, payload] of refusals) {
      const response = await forward(typeof who === "string" ? who : who.token, payload);
      expect([response.statusCode, response.json().error], JSON.stringify(payload)).toEqual([403, "ERR_NO_PERMISSION"]);
    }
    expect(await countAll()).toBe(before);

    // Once a participant of the colleague's ticket, the owner may forward from and into it.
    await live.server.ctx.db.insert(ticketParticipants).values({ ticketId: colleagues.ticketId, userId: owner.id });
    expect((await forward(owner.token, { messageIds: [colleagues.messageId], ticketIds: [target.ticketId, colleagues.ticketId] })).statusCode).toBe(201);
  });

  it("refuses deleted messages, unknown ids, an empty list and more than five targets", async () => {
    const source = await inbound(live.server, direct);
    const ids = await Promise.all(Array.from({ length: limits.forwardMaxTargets + 1 }, async () => (await inbound(live.server, direct)).ticketId));
    const sent = (await live.server.request({ method: "POST", url: `/api/messages/${source.ticketId}`, token: owner.token, payload: { body: "to delete" } })).json().messages[0];
    await live.server.request({ method: "DELETE", url: `/api/messages/${sent.id}`, token: owner.token, payload: { ticketId: source.ticketId } });
    const before = await countAll();

    const cases: Array<[object, number, string]> = [
      [{ messageIds: [source.messageId, sent.id], ticketIds: [ids[0]] }, 403, "ERR_NO_PERMISSION"],
      [{ messageIds: [source.messageId, 999_999_999], ticketIds: [ids[0]] }, 404, "ERR_NO_MESSAGE_FOUND"],
      [{ messageIds: [source.messageId], ticketIds: [ids[0], 999_999_999] }, 404, "ERR_NO_TICKET_FOUND"],
      [{ messageIds: [], ticketIds: [ids[0]] }, 400, "ERR_MISSING_VALUES"],
      [{ messageIds: [source.messageId], ticketIds: [] }, 400, "ERR_MISSING_VALUES"],
      [{ messageIds: [source.messageId], ticketIds: ids }, 400, "ERR_MISSING_VALUES"],
    ];
    for (const [payload, status, code] of cases) {
      const response = await forward(owner.token, payload);
      expect([response.statusCode, response.json().error], JSON.stringify(payload)).toEqual([status, code]);
    }
    expect(await countAll()).toBe(before);
    const five = await forward(owner.token, { messageIds: [source.messageId], ticketIds: ids.slice(0, limits.forwardMaxTargets) });
    expect((five.json() as ForwardResult).messages).toHaveLength(limits.forwardMaxTargets);
  });

  it("still delivers to the other targets when one channel fails, and answers its error", async () => {
    const whatsapp = await createConnection(live.server, live.admin, { kind: "whatsapp", destinationType: "users", destinationItem: owner.id });
    const driver = fakes.of(whatsapp.id);
    await driver.events.onMessage({ externalId: `w-${uniqueNumber()}`, chat: { number: uniqueNumber(), isGroup: false }, fromMe: false, body: "hi", mediaType: "chat", timestamp: new Date() });
    const [broken] = await live.server.ctx.db.select().from(tickets).where(eq(tickets.connectionId, whatsapp.id)).orderBy(desc(tickets.id)).limit(1);
    const source = await inbound(live.server, direct, { body: "pass it on" });
    const healthy = await inbound(live.server, direct);
    driver.sendError = new Error("socket closed");

    const response = await forward(owner.token, { messageIds: [source.messageId], ticketIds: [broken!.id, healthy.ticketId] });
    expect([response.statusCode, response.json().error]).toEqual([502, "ERR_SENDING_WAPP_MSG"]);
    const [failed] = (await messagesOf(broken!.id)).filter((m) => m.fromMe);
    const [delivered] = (await messagesOf(healthy.ticketId)).filter((m) => m.fromMe);
    expect(failed).toMatchObject({ body: "pass it on", isForwarded: true, failed: true });
    expect(delivered).toMatchObject({ body: "pass it on", isForwarded: true, failed: false, ack: 1 });
  });
});

async function sourceNumber(ticketId: number): Promise<string | undefined> {
  const page = (await live.server.request({ method: "GET", url: `/api/messages/${ticketId}`, token: live.admin })).json() as MessagePage;
  return page.ticket.contact.number;
}

async function countAll(): Promise<number> {
  const rows = await live.server.ctx.db.select({ id: messages.id }).from(messages).where(eq(messages.fromMe, true));
  return rows.length;
}
