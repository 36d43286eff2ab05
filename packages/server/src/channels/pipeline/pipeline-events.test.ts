import type { AppMessageEvent, Connection, ContactEvent, TicketEvent } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queues } from "../../db/schema/index.js";
import { createConnection, inbound, postInbound, uniqueExternalId, uniqueNumber } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { useLiveServer } from "../../test/live-server.js";
import { nextEvent, recordEvents, settle } from "../../test/socket-client.js";

const live = useLiveServer();

async function queueSetup() {
  const member = await live.server.createUser({ name: "Queue Member" });
  const outsider = await live.server.createUser({ name: "Outsider" });
  const queue = await createQueue(live.server, live.admin, { userIds: [member.id], greetingMessage: "Hi, welcome!" });
  const connection = await createConnection(live.server, live.admin, { destinationType: "queue", destinationItem: queue.id });
  return { member, outsider, queue, connection };
}

/** Whether a socket heard nothing more of these events once everything sent before has arrived. */
async function heardNothing(socket: Parameters<typeof settle>[0], ...lists: unknown[][]) {
  await settle(socket);
  return lists.every((list) => list.length === 0);
}

describe("live ticket and message events", () => {
  it("show a new API-channel message as a pending ticket to the queue's member and admins, not to an attendant outside it", async () => {
    const { member, outsider, queue, connection } = await queueSetup();
    const memberSocket = await live.sockets.connect(member.token);
    const adminSocket = await live.sockets.connect(live.admin);
    const outsiderSocket = await live.sockets.connect(outsider.token);
    const outsiderTickets = recordEvents(outsiderSocket, "ticket");
    const outsiderMessages = recordEvents(outsiderSocket, "appMessage");
    const memberTicket = nextEvent<TicketEvent>(memberSocket, "ticket");
    const memberMessages = recordEvents<AppMessageEvent>(memberSocket, "appMessage");
    const adminTicket = nextEvent<TicketEvent>(adminSocket, "ticket");

    const stored = await inbound(live.server, connection, { body: "Where is my order?" });

    const created = await memberTicket;
    expect(created).toMatchObject({ action: "create", ticket: { id: stored.ticketId, status: "pending", queueId: queue.id, queue: { name: queue.name } } });
    expect((await adminTicket).action).toBe("create");
    await settle(memberSocket);
    expect(memberMessages.map((e) => (e.action === "create" ? [e.message.body, e.message.mediaType] : e.action))).toEqual([
      ["Where is my order?", "chat"],
      ["Hi, welcome!", "chat-automatic"],
      "update", // the greeting marked sent (no webhook)
    ]);
    expect(memberMessages[0]).toMatchObject({ action: "create", ticket: { id: stored.ticketId, unreadMessages: 1 }, contact: { id: expect.any(Number) } });
    expect(await heardNothing(outsiderSocket, outsiderTickets, outsiderMessages)).toBe(true);
  });

  it("send a pending ticket with no queue to every signed-in user", async () => {
    const queue = await createQueue(live.server, live.admin);
    const connection = await createConnection(live.server, live.admin, { destinationType: "queue", destinationItem: queue.id });
    // Removed behind the API's back (it refuses while a connection routes there): nothing is lost.
    await live.server.ctx.db.delete(queues).where(eq(queues.id, queue.id));
    const anyone = await live.server.createUser();
    const socket = await live.sockets.connect(anyone.token);
    const ticket = nextEvent<TicketEvent>(socket, "ticket");
    await inbound(live.server, connection);
    expect(await ticket).toMatchObject({ action: "create", ticket: { status: "pending", queueId: null } });
  });

  it("send a ticket routed to a user to that user only (and admins), not to queue members", async () => {
    const { member } = await queueSetup();
    const owner = await live.server.createUser({ name: "Owner" });
    const direct = await createConnection(live.server, live.admin, { destinationType: "users", destinationItem: owner.id });
    const ownerSocket = await live.sockets.connect(owner.token);
    const memberSocket = await live.sockets.connect(member.token);
    const memberEvents = recordEvents(memberSocket, "ticket");
    const ownerTicket = nextEvent<TicketEvent>(ownerSocket, "ticket");
    await inbound(live.server, direct);
    expect(await ownerTicket).toMatchObject({ action: "create", ticket: { status: "open", userId: owner.id } });
    expect(await heardNothing(memberSocket, memberEvents)).toBe(true);
  });

  it("stay silent for a redelivered message, and announce acks as updates", async () => {
    const { member, connection } = await queueSetup();
    const socket = await live.sockets.connect(member.token);
    const body = { externalId: uniqueExternalId(), from: { number: uniqueNumber() } };
    await inbound(live.server, connection, body);
    await settle(socket);
    const later = recordEvents(socket, "appMessage");
    const tickets = recordEvents(socket, "ticket");
    expect((await postInbound(live.server, connection, body)).statusCode).toBe(200);
    expect(await heardNothing(socket, later, tickets)).toBe(true);

    const update = nextEvent<AppMessageEvent>(socket, "appMessage");
    const [greeting] = (await live.server.request({ method: "GET", url: `/api/simulator/${connection.id}/messages?number=${body.from.number}`, token: live.admin }))
      .json()
      .messages.filter((m: { fromMe: boolean }) => m.fromMe);
    await live.server.request({
      method: "POST",
      url: `/api/channels/${connection.id}/acks`,
      headers: { authorization: `Bearer ${(connection as Connection).apiToken}` },
      payload: { messageId: greeting.id, ack: 4 },
    });
    expect(await update).toMatchObject({ action: "update", message: { id: greeting.id, ack: 4 } });
  });

  it("announce a contact a customer's first message created to every signed-in user, once", async () => {
    const { connection, outsider } = await queueSetup();
    const socket = await live.sockets.connect(outsider.token);
    const created = nextEvent<ContactEvent>(socket, "contact");
    const number = uniqueNumber();
    await inbound(live.server, connection, { from: { number, name: "New Customer" }, body: "hello" });
    expect(await created).toMatchObject({ action: "create", contact: { number, name: "New Customer", extraInfo: [] } });

    const later = recordEvents(socket, "contact");
    await inbound(live.server, connection, { from: { number, name: "New Customer" }, body: "again" });
    expect(await heardNothing(socket, later)).toBe(true);
  });

  it("carry the ticket as it stands after each message (unread count, last message)", async () => {
    const { member, connection } = await queueSetup();
    const socket = await live.sockets.connect(member.token);
    const number = uniqueNumber();
    await inbound(live.server, connection, { from: { number }, body: "first" });
    await settle(socket);
    const next = nextEvent<AppMessageEvent>(socket, "appMessage");
    await inbound(live.server, connection, { from: { number }, body: "second" });
    const event = await next;
    expect(event).toMatchObject({ action: "create", message: { body: "second" }, ticket: { unreadMessages: 2, lastMessage: "second" } });
    expect(event.action === "create" && Date.parse(event.message.createdAt)).toBeGreaterThan(0);
  });

  it("reset the unread count when the owner reads the ticket (updateUnread)", async () => {
    const owner = await live.server.createUser();
    const direct = await createConnection(live.server, live.admin, { destinationType: "users", destinationItem: owner.id });
    const { ticketId } = await inbound(live.server, direct);
    const socket = await live.sockets.connect(owner.token);
    const reset = nextEvent<TicketEvent>(socket, "ticket");
    const page = await live.server.request({ method: "GET", url: `/api/messages/${ticketId}`, token: owner.token });
    expect(page.json().ticket.unreadMessages).toBe(0);
    expect(await reset).toEqual({ action: "updateUnread", ticketId });
  });

  it("reset the unread count when the owner marks a message read that arrived on screen (PUT /messages/:ticketId)", async () => {
    const owner = await live.server.createUser();
    const direct = await createConnection(live.server, live.admin, { destinationType: "users", destinationItem: owner.id });
    const { ticketId } = await inbound(live.server, direct);
    const socket = await live.sockets.connect(owner.token);
    const reset = nextEvent<TicketEvent>(socket, "ticket");
    const answer = await live.server.request({ method: "PUT", url: `/api/messages/${ticketId}`, token: owner.token });
    expect(answer.statusCode).toBe(200);
    expect(await reset).toEqual({ action: "updateUnread", ticketId });
    // Nothing left to read: a second call announces nothing.
    const later = recordEvents(socket, "ticket");
    await live.server.request({ method: "PUT", url: `/api/messages/${ticketId}`, token: owner.token });
    expect(await heardNothing(socket, later)).toBe(true);
  });
});
