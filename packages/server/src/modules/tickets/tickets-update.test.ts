import type { MessagePage, TicketResult } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tickets, users } from "../../db/schema/index.js";
import { createConnection } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectRefused } from "../../test/route-guards.js";
import { putTicket, seedTeam, seedTicket, type SeedTicket, type Team } from "../../test/ticket-fixtures.js";

let server: TestServer;
let admin: string;
let team: Team;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  team = await seedTeam(server, admin);
});
afterAll(() => server.close());

const seed = (input: Omit<SeedTicket, "connectionId"> & { connectionId?: number }) => seedTicket(server, { connectionId: team.connection.id, ...input });
const row = async (id: number) => (await server.ctx.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;

async function put(token: string, id: number, payload: object, status = 200): Promise<TicketResult> {
  const response = await putTicket(server, token, id, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as TicketResult;
}

async function refused(token: string, id: number, payload: object, status: number, code: string) {
  const response = await putTicket(server, token, id, payload);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().error).toBe(code);
}

const accept = { status: "open", action: "assigned" };
const giveBack = { status: "pending", userId: null, action: "pending" };
const resolve = { status: "closed", action: "closed" };

describe("PUT /api/tickets/:id: guards", () => {
  it("refuses anonymous callers, unknown tickets and bodies that say nothing", async () => {
    await expectRefused(server, [{ method: "PUT", url: "/api/tickets/1", payload: accept }], anonymous, 401, "ERR_SESSION_EXPIRED");
    await refused(admin, 999_999, accept, 404, "ERR_NO_TICKET_FOUND");
    const id = await seed({ status: "open", userId: team.alice.id });
    await refused(team.alice.token, id, {}, 400, "ERR_MISSING_VALUES");
    await refused(team.alice.token, id, { action: "fly" }, 400, "ERR_MISSING_VALUES");
  });
});

describe("accept (pending → open, assigned)", () => {
  it("lets a member of the ticket's queue take it, and nobody outside the queue", async () => {
    const id = await seed({ status: "pending", queueId: team.queueA.id, unreadMessages: 3 });
    await refused(team.bob.token, id, accept, 403, "ERR_NO_PERMISSION");
    await refused(team.carol.token, id, accept, 403, "ERR_NO_PERMISSION");
    const result = await put(team.alice.token, id, accept);
    expect(result).toMatchObject({ ticketIsOpen: false, ticket: { id, status: "open", userId: team.alice.id, user: { name: "Alice" }, unreadMessages: 3 } });
  });

  it("lets anyone take a pending ticket with no queue, and a participant or an admin take one of a queue", async () => {
    const free = await seed({ status: "pending" });
    expect((await put(team.carol.token, free, accept)).ticket).toMatchObject({ status: "open", userId: team.carol.id });
    const invited = await seed({ status: "pending", queueId: team.queueA.id, participants: [team.carol.id] });
    expect((await put(team.carol.token, invited, accept)).ticket).toMatchObject({ userId: team.carol.id, userTicket: [] });
    const byAdmin = await seed({ status: "pending", queueId: team.queueB.id });
    expect((await put(admin, byAdmin, accept)).ticket.status).toBe("open");
  });

  it("tells a late second member who holds it (ticketIsOpen), and repeats nothing for the owner", async () => {
    const id = await seed({ status: "pending", queueId: team.queueA.id });
    const colleague = await server.createUser({ name: "Colleague" });
    await server.request({ method: "PUT", url: `/api/queue/${team.queueA.id}`, token: admin, payload: { userIds: [team.alice.id, colleague.id] } });
    await put(team.alice.token, id, accept);
    expect(await put(colleague.token, id, accept)).toEqual({
      ticketIsOpen: true,
      ticket: { id, status: "open", userId: team.alice.id, user: { id: team.alice.id, name: "Alice" }, queueId: team.queueA.id, queue: expect.objectContaining({ id: team.queueA.id }) },
    });
    expect(await put(team.alice.token, id, accept)).toMatchObject({ ticketIsOpen: false, ticket: { id, userId: team.alice.id } });
  });

  it("gives a ticket to exactly one of two members accepting at once", async () => {
    const id = await seed({ status: "pending" });
    const results = await Promise.all([put(team.alice.token, id, accept), put(team.bob.token, id, accept)]);
    const winners = results.filter((r) => !r.ticketIsOpen);
    expect(winners).toHaveLength(1);
    const owner = (await row(id)).userId;
    expect(results.find((r) => r.ticketIsOpen)?.ticket.userId).toBe(owner);
  });

  it("accepts the spec client's body without an action ({status: open, userId: me})", async () => {
    const id = await seed({ status: "pending", queueId: team.queueA.id });
    expect((await put(team.alice.token, id, { status: "open", userId: team.alice.id })).ticket.status).toBe("open");
  });
});

describe("return (open → pending)", () => {
  it("is for the owner or an admin; it clears the owner and keeps the queue", async () => {
    const id = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id, participants: [team.carol.id] });
    await refused(team.bob.token, id, giveBack, 403, "ERR_NO_PERMISSION");
    await refused(team.carol.token, id, giveBack, 403, "ERR_NO_PERMISSION"); // a participant
    expect((await put(team.alice.token, id, giveBack)).ticket).toMatchObject({ status: "pending", userId: null, user: null, queueId: team.queueA.id });
    const other = await seed({ status: "open", userId: team.bob.id });
    expect((await put(admin, other, giveBack)).ticket.status).toBe("pending");
  });

  it("refuses a closed ticket", async () => {
    const id = await seed({ status: "closed", userId: team.alice.id });
    await refused(team.alice.token, id, giveBack, 403, "ERR_NO_PERMISSION");
  });
});

describe("resolve (→ closed)", () => {
  it("is for the owner or an admin; it keeps the owner and the unread count and stamps closedAt", async () => {
    const id = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id, participants: [team.carol.id], unreadMessages: 2 });
    await refused(team.bob.token, id, resolve, 403, "ERR_NO_PERMISSION");
    await refused(team.carol.token, id, resolve, 403, "ERR_NO_PERMISSION");
    expect((await put(team.alice.token, id, resolve)).ticket).toMatchObject({ status: "closed", userId: team.alice.id, unreadMessages: 2 });
    expect((await row(id)).closedAt).toBeInstanceOf(Date);
    expect((await put(team.alice.token, id, resolve)).ticket.status).toBe("closed"); // again: nothing changes
    const byAdmin = await seed({ status: "open", userId: team.bob.id });
    expect((await put(admin, byAdmin, { status: "closed" })).ticket.status).toBe("closed");
  });

  it("sends the connection's farewell as an automatic message when asked, and only then", async () => {
    const farewell = await createConnection(server, admin, { destinationType: "queue", destinationItem: team.queueA.id, farewellMessage: "Thanks, bye!" });
    const messagesOf = async (id: number) => ((await server.request({ method: "GET", url: `/api/messages/${id}`, token: admin })).json() as MessagePage).messages;
    const quiet = await seed({ connectionId: farewell.id, status: "open", userId: team.alice.id, messages: ["hi"] });
    await put(team.alice.token, quiet, { ...resolve, sendFarewellMessage: false });
    expect((await messagesOf(quiet)).map((m) => m.body)).toEqual(["hi"]);
    const polite = await seed({ connectionId: farewell.id, status: "open", userId: team.alice.id, messages: ["hi"] });
    const result = await put(team.alice.token, polite, { ...resolve, sendFarewellMessage: true });
    expect(result.ticket).toMatchObject({ lastMessage: "hi" });
    expect((await messagesOf(polite)).map((m) => [m.body, m.mediaType, m.fromMe, m.ack])).toEqual([
      ["hi", "chat", false, 0],
      ["Thanks, bye!", "chat-automatic", true, 1], // delivered locally: the connection has no webhook
    ]);
  });
});

describe("reopen (closed → open for me)", () => {
  it("is for the owner or an admin", async () => {
    const id = await seed({ status: "closed", userId: team.alice.id, queueId: team.queueA.id });
    await refused(team.bob.token, id, accept, 403, "ERR_NO_PERMISSION");
    expect((await put(team.alice.token, id, accept)).ticket).toMatchObject({ status: "open", userId: team.alice.id });
    expect((await row(id)).closedAt).toBeNull();
    const bobs = await seed({ status: "closed", userId: team.bob.id });
    expect((await put(admin, bobs, accept)).ticket.status).toBe("open");
  });

  it("shows who holds the contact's other active ticket, or refuses with ERR_OTHER_OPEN_TICKET — never a 500", async () => {
    const closed = await seed({ status: "closed", userId: team.alice.id });
    const { contactId } = await row(closed);
    const held = await seed({ contactId, status: "open", userId: team.bob.id });
    expect(await put(team.alice.token, closed, accept)).toMatchObject({ ticketIsOpen: true, ticket: { id: held, userId: team.bob.id, user: { name: "Bob" } } });
    await server.ctx.db.update(tickets).set({ userId: team.alice.id }).where(eq(tickets.id, held));
    await refused(team.alice.token, closed, accept, 409, "ERR_OTHER_OPEN_TICKET");
    await server.ctx.db.update(tickets).set({ status: "pending", userId: null }).where(eq(tickets.id, held));
    await refused(team.alice.token, closed, accept, 409, "ERR_OTHER_OPEN_TICKET");
    expect((await row(closed)).status).toBe("closed");
  });
});

describe("transfer to a user (transferOwner)", () => {
  it("opens the ticket for an active user, optionally in another queue; only the owner or an admin", async () => {
    const id = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id, participants: [team.bob.id] });
    const transfer = { userId: team.bob.id, action: "transferOwner" };
    await refused(team.carol.token, id, transfer, 403, "ERR_NO_PERMISSION");
    await refused(team.bob.token, id, transfer, 403, "ERR_NO_PERMISSION"); // a participant
    const moved = await put(team.alice.token, id, { ...transfer, queueId: team.queueB.id });
    // The new owner stops being a participant of their own ticket.
    expect(moved.ticket).toMatchObject({ status: "open", userId: team.bob.id, queueId: team.queueB.id, userTicket: [] });
    expect((await put(admin, id, { userId: team.carol.id, action: "transferOwner" })).ticket).toMatchObject({ userId: team.carol.id, queueId: team.queueB.id });
  });

  it("takes a waiting ticket out of the queue for that user when an admin transfers it", async () => {
    const id = await seed({ status: "pending", queueId: team.queueA.id });
    await refused(team.alice.token, id, { userId: team.bob.id, action: "transferOwner" }, 403, "ERR_NO_PERMISSION");
    expect((await put(admin, id, { userId: team.bob.id, action: "transferOwner" })).ticket).toMatchObject({ status: "open", userId: team.bob.id });
  });

  it("refuses removed or unknown users, unknown queues, a missing user and closed tickets", async () => {
    const id = await seed({ status: "open", userId: team.alice.id });
    const gone = await server.createUser();
    await server.ctx.db.update(users).set({ isDeleted: true }).where(eq(users.id, gone.id));
    await refused(team.alice.token, id, { userId: gone.id, action: "transferOwner" }, 404, "ERR_NO_USER_FOUND");
    await refused(team.alice.token, id, { userId: 999_999, action: "transferOwner" }, 404, "ERR_NO_USER_FOUND");
    await refused(team.alice.token, id, { userId: team.bob.id, queueId: 999_999, action: "transferOwner" }, 404, "ERR_NO_QUEUE_FOUND");
    await refused(team.alice.token, id, { action: "transferOwner" }, 400, "ERR_MISSING_VALUES");
    const closed = await seed({ status: "closed", userId: team.alice.id });
    await refused(team.alice.token, closed, { userId: team.bob.id, action: "transferOwner" }, 403, "ERR_NO_PERMISSION");
    expect((await row(id)).userId).toBe(team.alice.id);
  });
});

describe("transfer to a queue (updateQueue)", () => {
  it("puts the ticket back to wait in that queue with no owner; only the owner or an admin", async () => {
    const id = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id });
    const toB = { queueId: team.queueB.id, userId: null, status: "pending", action: "updateQueue" };
    await refused(team.bob.token, id, toB, 403, "ERR_NO_PERMISSION");
    await refused(team.alice.token, id, { ...toB, queueId: null }, 400, "ERR_MISSING_VALUES");
    await refused(team.alice.token, id, { ...toB, queueId: 999_999 }, 404, "ERR_NO_QUEUE_FOUND");
    expect((await put(team.alice.token, id, toB)).ticket).toMatchObject({ status: "pending", userId: null, queueId: team.queueB.id });
    // Now Bob's queue may take it, and Alice no longer sees it.
    expect((await put(team.bob.token, id, accept)).ticket.userId).toBe(team.bob.id);
  });
});

describe("transfer to another connection (admins)", () => {
  it("moves the ticket for an admin only, and never onto the contact's other active ticket", async () => {
    const queue = await createQueue(server, admin);
    const other = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
    const id = await seed({ status: "open", userId: team.alice.id });
    const move = { whatsappId: other.id, action: "transferConnection" };
    await refused(team.alice.token, id, move, 403, "ERR_NO_PERMISSION");
    await refused(admin, id, { ...move, whatsappId: 999_999 }, 404, "ERR_NO_WAPP_FOUND");
    expect((await put(admin, id, move)).ticket).toMatchObject({ whatsappId: other.id, whatsapp: { id: other.id } });

    const { contactId } = await row(id);
    const second = await seed({ contactId, status: "open", userId: team.bob.id });
    expect(await put(admin, second, move)).toMatchObject({ ticketIsOpen: true, ticket: { id, userId: team.alice.id } });
    await server.ctx.db.update(tickets).set({ status: "pending", userId: null }).where(eq(tickets.id, id));
    await refused(admin, second, move, 409, "ERR_OTHER_OPEN_TICKET");
    expect((await row(second)).connectionId).toBe(team.connection.id);
  });
});

describe("a body is one transition, applied whole or refused (issue 11)", () => {
  const connectionB = () => createConnection(server, admin, { destinationType: "queue", destinationItem: team.queueB.id });
  const state = async (id: number) => {
    const { status, userId, queueId, connectionId } = await row(id);
    return { status, userId, queueId, connectionId };
  };

  it("moves the ticket to another connection together with the transfer, status or queue change it carries", async () => {
    const other = await connectionB();
    const moved = { connectionId: other.id };
    // Each of these answered 200 and only moved the ticket, or (an explicit transferOwner) only transferred it.
    const cases: [string, object, object][] = [
      ["whatsappId + userId", { whatsappId: other.id, userId: team.bob.id }, { status: "open", userId: team.bob.id, queueId: team.queueA.id }],
      ["whatsappId + userId + queueId", { whatsappId: other.id, userId: team.bob.id, queueId: team.queueB.id }, { status: "open", userId: team.bob.id, queueId: team.queueB.id }],
      ["whatsappId + transferOwner", { whatsappId: other.id, userId: team.bob.id, action: "transferOwner" }, { status: "open", userId: team.bob.id }],
      ["transferConnection + userId", { whatsappId: other.id, userId: team.bob.id, action: "transferConnection" }, { status: "open", userId: team.bob.id }],
      ["whatsappId + queueId", { whatsappId: other.id, queueId: team.queueB.id }, { status: "pending", userId: null, queueId: team.queueB.id }],
      ["whatsappId + updateQueue", { whatsappId: other.id, queueId: team.queueB.id, userId: null, status: "pending", action: "updateQueue" }, { status: "pending", userId: null, queueId: team.queueB.id }],
      ["whatsappId + pending", { whatsappId: other.id, status: "pending", userId: null }, { status: "pending", userId: null, queueId: team.queueA.id }],
      ["whatsappId + closed", { whatsappId: other.id, status: "closed" }, { status: "closed", userId: team.alice.id }],
    ];
    for (const [name, body, expected] of cases) {
      const id = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id });
      const result = await putTicket(server, admin, id, body);
      expect(result.statusCode, `${name}: ${result.body}`).toBe(200);
      expect(await state(id), name).toMatchObject({ ...expected, ...moved });
      expect((result.json() as TicketResult).ticket, name).toMatchObject({ ...expected, whatsappId: other.id });
    }
  });

  it("reopens or accepts for the caller on the new connection, checking the contact's active ticket there", async () => {
    const other = await connectionB();
    const closed = await seed({ status: "closed", userId: team.bob.id });
    expect((await put(admin, closed, { ...accept, whatsappId: other.id })).ticket).toMatchObject({ status: "open", whatsappId: other.id });
    const waiting = await seed({ status: "pending", queueId: team.queueA.id });
    expect((await put(admin, waiting, { ...accept, whatsappId: other.id })).ticket).toMatchObject({ status: "open", whatsappId: other.id });

    // The contact already waits on the target connection: nothing of the body is done.
    const held = await seed({ status: "open", userId: team.alice.id });
    await seed({ contactId: (await row(held)).contactId, connectionId: other.id, status: "pending" });
    await refused(admin, held, { whatsappId: other.id, userId: team.bob.id }, 409, "ERR_OTHER_OPEN_TICKET");
    expect(await state(held)).toMatchObject({ userId: team.alice.id, connectionId: team.connection.id });
  });

  it("checks every part's permission: the owner may transfer but not move connections", async () => {
    const other = await connectionB();
    const id = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id });
    await refused(team.alice.token, id, { whatsappId: other.id, userId: team.bob.id, action: "transferOwner" }, 403, "ERR_NO_PERMISSION");
    await refused(admin, id, { whatsappId: other.id, userId: 999_999 }, 404, "ERR_NO_USER_FOUND");
    expect(await state(id)).toEqual({ status: "open", userId: team.alice.id, queueId: team.queueA.id, connectionId: team.connection.id });
  });

  it("refuses a body naming a status, owner or queue its transition would not leave, and changes nothing", async () => {
    const cases: [string, object][] = [
      ["close and give to Bob", { status: "closed", userId: team.bob.id }],
      ["close into another queue", { status: "closed", queueId: team.queueB.id }],
      ["transfer to Bob but leave it waiting", { userId: team.bob.id, status: "pending" }],
      ["return into another queue", { action: "pending", queueId: team.queueB.id }],
      ["transfer to a queue, owned by Bob", { queueId: team.queueB.id, userId: team.bob.id, action: "updateQueue" }],
      ["transfer and resolve", { userId: team.bob.id, status: "closed", action: "transferOwner" }],
      ["a farewell without closing", { ...giveBack, sendFarewellMessage: true }],
    ];
    for (const [name, body] of cases) {
      const id = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id });
      const response = await putTicket(server, admin, id, body);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(response.json().error, name).toBe("ERR_MISSING_VALUES");
      expect(await state(id), name).toEqual({ status: "open", userId: team.alice.id, queueId: team.queueA.id, connectionId: team.connection.id });
    }
    const waiting = await seed({ status: "pending", queueId: team.queueA.id });
    await refused(admin, waiting, { action: "assigned", userId: team.bob.id }, 400, "ERR_MISSING_VALUES"); // accept for someone else
    expect(await state(waiting)).toMatchObject({ status: "pending", userId: null });
    // What the spec's client and the web send still passes: the automatic close names the owner.
    const id = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id });
    expect((await put(team.alice.token, id, { status: "closed", userId: team.alice.id, action: "closed" })).ticket.status).toBe("closed");
  });
});
