import type { TicketBulkBody, TicketBulkResponse } from "@atendo/contracts";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ticketTags, tickets } from "../../db/schema/index.js";
import type { DomainEventName } from "../../events/domain-events.js";
import { createConnection } from "../../test/channel-fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectError, expectRefused } from "../../test/route-guards.js";
import { putTicket, seedTeam, seedTicket, type SeedTicket, type Team } from "../../test/ticket-fixtures.js";

let server: TestServer;
let admin: string;
let team: Team;
const heard: { name: DomainEventName; ticketId: number }[] = [];

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  team = await seedTeam(server, admin);
  server.ctx.events.on(["ticket.assigned", "ticket.transferred", "ticket.closed", "ticket.updated"], "bulk-test", (payload, name) => {
    heard.push({ name, ticketId: payload.ticket.id });
  });
});
afterAll(() => server.close());
beforeEach(() => void heard.splice(0));

const seed = (input: Omit<SeedTicket, "connectionId"> & { connectionId?: number }) => seedTicket(server, { connectionId: team.connection.id, ...input });
const rows = async (ids: number[]) => {
  const found = await server.ctx.db.select().from(tickets).where(inArray(tickets.id, ids));
  return ids.map((id) => found.find((row) => row.id === id)!);
};
const bulkCall = (token: string | undefined, payload: object) => server.request({ method: "POST", url: "/api/tickets/bulk", token, payload });

async function bulk(token: string, payload: TicketBulkBody): Promise<TicketBulkResponse["results"]> {
  const response = await bulkCall(token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as TicketBulkResponse).results;
}

/** The outcomes as `done` or the refusal's code, in the order asked. */
const summary = (results: TicketBulkResponse["results"]) => results.map((r) => (r.result === "done" ? "done" : r.code));
const eventsOf = (name: DomainEventName) => heard.filter((event) => event.name === name).map((event) => event.ticketId);

describe("POST /api/tickets/bulk: guards and validation", () => {
  it("refuses anonymous callers", async () => {
    await expectRefused(server, [{ method: "POST", url: "/api/tickets/bulk", payload: { action: "close", ticketIds: [1] } }], anonymous, 401, "ERR_SESSION_EXPIRED");
  });

  it("refuses no ticket, more than 500, a ticket twice, an unknown action and a transfer to nowhere, changing nothing", async () => {
    const id = await seed({ status: "open", userId: team.alice.id });
    const ids = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
    for (const payload of [
      { action: "close", ticketIds: [] },
      { action: "close", ticketIds: ids(501) },
      { action: "close", ticketIds: [id, id] },
      { action: "archive", ticketIds: [id] },
      { ticketIds: [id] },
      { action: "transfer", ticketIds: [id] },
      { action: "tag", ticketIds: [id], tagIds: [] },
    ]) {
      await expectError(bulkCall(admin, payload), 400, "ERR_MISSING_VALUES");
    }
    expect((await rows([id]))[0]!.status).toBe("open");
    // 500 is allowed: the unknown ones answer one by one.
    const many = await bulk(admin, { action: "close", ticketIds: [id, ...ids(499).map((n) => 900_000 + n)] });
    expect(many).toHaveLength(500);
    expect(many[0]).toEqual({ ticketId: id, result: "done" });
    expect(new Set(summary(many.slice(1)))).toEqual(new Set(["ERR_NO_TICKET_FOUND"]));
  });

  it("refuses the whole call when what it names does not exist", async () => {
    const id = await seed({ status: "open", userId: team.alice.id });
    await expectError(bulkCall(admin, { action: "transfer", ticketIds: [id], queueId: 999_999 }), 404, "ERR_NO_QUEUE_FOUND");
    await expectError(bulkCall(admin, { action: "transfer", ticketIds: [id], userId: 999_999 }), 404, "ERR_NO_USER_FOUND");
    await expectError(bulkCall(admin, { action: "tag", ticketIds: [id], tagIds: [999_999] }), 404, "ERR_NO_TAG_FOUND");
    expect((await rows([id]))[0]).toMatchObject({ status: "open", userId: team.alice.id, queueId: null });
  });
});

describe("close", () => {
  it("lets an admin close any ticket, one ticket.closed event each", async () => {
    const ids = [
      await seed({ status: "open", userId: team.alice.id }),
      await seed({ status: "pending", queueId: team.queueA.id }),
      await seed({ status: "open", userId: team.bob.id, queueId: team.queueB.id }),
      await seed({ status: "closed", userId: team.bob.id }),
    ];
    expect(summary(await bulk(admin, { action: "close", ticketIds: ids }))).toEqual(["done", "done", "done", "done"]);
    expect((await rows(ids)).map((row) => row.status)).toEqual(["closed", "closed", "closed", "closed"]);
    expect(eventsOf("ticket.closed").sort()).toEqual(ids.slice(0, 3).sort()); // the closed one was left as it was
    expect(heard).toHaveLength(3);
  });

  it("closes an attendant's own tickets and refuses the rest per ticket, with the single call's code", async () => {
    const mine = [await seed({ status: "open", userId: team.alice.id }), await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id })];
    const bobs = await seed({ status: "open", userId: team.bob.id, queueId: team.queueB.id });
    const waitingInMyQueue = await seed({ status: "pending", queueId: team.queueA.id });
    const results = await bulk(team.alice.token, { action: "close", ticketIds: [...mine, bobs, 999_999, waitingInMyQueue] });
    expect(results).toEqual([
      { ticketId: mine[0], result: "done" },
      { ticketId: mine[1], result: "done" },
      { ticketId: bobs, result: "refused", code: "ERR_NO_TICKET_FOUND" },
      { ticketId: 999_999, result: "refused", code: "ERR_NO_TICKET_FOUND" },
      { ticketId: waitingInMyQueue, result: "refused", code: "ERR_NO_PERMISSION" },
    ]);
    expect((await putTicket(server, team.alice.token, waitingInMyQueue, { status: "closed", action: "closed" })).json().error).toBe("ERR_NO_PERMISSION");
    expect((await rows([...mine, bobs, waitingInMyQueue])).map((row) => row.status)).toEqual(["closed", "closed", "open", "pending"]);
    expect(eventsOf("ticket.closed").sort()).toEqual([...mine].sort());
  });
});

describe("accept", () => {
  it("takes the waiting tickets one may take; another queue's are not found, a closed one is not reopened", async () => {
    const a1 = await seed({ status: "pending", queueId: team.queueA.id });
    const a2 = await seed({ status: "pending", queueId: team.queueA.id });
    const b = await seed({ status: "pending", queueId: team.queueB.id });
    const free = await seed({ status: "pending" });
    const closed = await seed({ status: "closed", userId: team.alice.id });
    const held = await seed({ status: "open", userId: team.alice.id });
    const results = await bulk(team.alice.token, { action: "accept", ticketIds: [a1, a2, b, free, closed, held] });
    expect(summary(results)).toEqual(["done", "done", "ERR_NO_TICKET_FOUND", "done", "ERR_NO_PERMISSION", "done"]);
    expect((await rows([a1, a2, b, free, closed])).map((row) => [row.status, row.userId])).toEqual([
      ["open", team.alice.id],
      ["open", team.alice.id],
      ["pending", null],
      ["open", team.alice.id],
      ["closed", team.alice.id],
    ]);
    expect(eventsOf("ticket.assigned").sort()).toEqual([a1, a2, free].sort());
    expect(summary(await bulk(team.bob.token, { action: "accept", ticketIds: [b, a1] }))).toEqual(["done", "ERR_NO_TICKET_FOUND"]);
  });

  it("tells an admin that a ticket is held by someone else", async () => {
    const held = await seed({ status: "open", userId: team.bob.id });
    expect(summary(await bulk(admin, { action: "accept", ticketIds: [held] }))).toEqual(["ERR_OTHER_OPEN_TICKET"]);
  });
});

describe("transfer", () => {
  it("moves tickets to a user or to a queue as the single transfer does, one ticket.transferred each", async () => {
    const ids = [await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id }), await seed({ status: "pending", queueId: team.queueA.id, participants: [team.bob.id] })];
    expect(summary(await bulk(admin, { action: "transfer", ticketIds: ids, userId: team.bob.id, queueId: team.queueB.id }))).toEqual(["done", "done"]);
    expect((await rows(ids)).map((row) => [row.status, row.userId, row.queueId])).toEqual([
      ["open", team.bob.id, team.queueB.id],
      ["open", team.bob.id, team.queueB.id],
    ]);
    expect(summary(await bulk(team.bob.token, { action: "transfer", ticketIds: ids, queueId: team.queueA.id }))).toEqual(["done", "done"]);
    expect((await rows(ids)).map((row) => [row.status, row.userId, row.queueId])).toEqual([
      ["pending", null, team.queueA.id],
      ["pending", null, team.queueA.id],
    ]);
    expect(eventsOf("ticket.transferred")).toHaveLength(4);
  });

  it("lets an attendant transfer their own tickets only; moving connections is for admins", async () => {
    const mine = await seed({ status: "open", userId: team.alice.id });
    const bobs = await seed({ status: "open", userId: team.bob.id });
    expect(summary(await bulk(team.alice.token, { action: "transfer", ticketIds: [mine, bobs], queueId: team.queueB.id }))).toEqual(["done", "ERR_NO_TICKET_FOUND"]);
    const other = await seed({ status: "open", userId: team.alice.id });
    expect(summary(await bulk(team.alice.token, { action: "transfer", ticketIds: [other], whatsappId: team.connection.id }))).toEqual(["ERR_NO_PERMISSION"]);
  });

  it("moves an admin's choice of tickets to another connection, the contact's other active ticket there refusing its own", async () => {
    const elsewhere = await createConnection(server, admin, { destinationType: "queue", destinationItem: team.queueA.id });
    const ids = [await seed({ status: "open", userId: team.alice.id }), await seed({ status: "closed", userId: team.bob.id })];
    const busy = await seed({ status: "open", userId: team.alice.id });
    await seed({ status: "pending", connectionId: elsewhere.id, contactId: (await rows([busy]))[0]!.contactId! });
    expect(summary(await bulk(admin, { action: "transfer", ticketIds: [...ids, busy], whatsappId: elsewhere.id }))).toEqual(["done", "done", "ERR_OTHER_OPEN_TICKET"]);
    expect((await rows([...ids, busy])).map((row) => [row.status, row.connectionId])).toEqual([
      ["open", elsewhere.id],
      ["closed", elsewhere.id],
      ["open", team.connection.id],
    ]);
  });
});

describe("reopen", () => {
  it("reopens closed tickets for the caller; a waiting one stays, a second of the same conversation clashes", async () => {
    const first = await seed({ status: "closed", userId: team.alice.id });
    const contactId = (await rows([first]))[0]!.contactId!;
    const sameContact = await seed({ status: "closed", userId: team.alice.id, contactId });
    const waiting = await seed({ status: "pending", queueId: team.queueA.id });
    const bobs = await seed({ status: "closed", userId: team.bob.id });
    const answered = await seed({ status: "closed", userId: team.alice.id });
    await seed({ status: "pending", contactId: (await rows([answered]))[0]!.contactId! }); // the customer wrote again since
    const results = await bulk(team.alice.token, { action: "reopen", ticketIds: [first, sameContact, waiting, bobs, answered] });
    expect(summary(results)).toEqual(["done", "ERR_OTHER_OPEN_TICKET", "ERR_NO_PERMISSION", "ERR_NO_TICKET_FOUND", "ERR_OTHER_OPEN_TICKET"]);
    expect((await putTicket(server, team.alice.token, answered, { status: "open", action: "assigned" })).json().error).toBe("ERR_OTHER_OPEN_TICKET");
    expect((await rows([first, sameContact, waiting])).map((row) => [row.status, row.userId])).toEqual([
      ["open", team.alice.id],
      ["closed", team.alice.id],
      ["pending", null],
    ]);
    expect(eventsOf("ticket.assigned")).toEqual([first]);
  });
});

describe("tag and untag", () => {
  async function createTag(name: string): Promise<number> {
    const response = await server.request({ method: "POST", url: "/api/tags", token: admin, payload: { name, color: "#112233" } });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: number }).id;
  }
  const labels = async (id: number) =>
    (await server.ctx.db.select().from(ticketTags).where(eq(ticketTags.ticketId, id))).map((link) => link.tagId).sort((x, y) => x - y);

  it("adds and takes off labels, keeping the others, where the caller may write; one ticket.updated each", async () => {
    const [vip, urgent, kept] = [await createTag("Bulk VIP"), await createTag("Bulk urgent"), await createTag("Bulk kept")];
    const mine = await seed({ status: "open", userId: team.alice.id });
    const invited = await seed({ status: "open", userId: team.bob.id, participants: [team.alice.id] });
    const bobs = await seed({ status: "open", userId: team.bob.id });
    const closed = await seed({ status: "closed", userId: team.alice.id });
    await server.ctx.db.insert(ticketTags).values({ ticketId: mine, tagId: kept });
    const results = await bulk(team.alice.token, { action: "tag", ticketIds: [mine, invited, bobs, closed], tagIds: [vip, urgent] });
    expect(summary(results)).toEqual(["done", "done", "ERR_NO_TICKET_FOUND", "ERR_NO_PERMISSION"]);
    expect(await labels(mine)).toEqual([vip, urgent, kept].sort((x, y) => x - y));
    expect(await labels(invited)).toEqual([vip, urgent].sort((x, y) => x - y));
    expect(await labels(bobs)).toEqual([]);
    expect(eventsOf("ticket.updated").sort()).toEqual([mine, invited].sort());

    heard.splice(0);
    expect(summary(await bulk(team.bob.token, { action: "untag", ticketIds: [mine, invited], tagIds: [vip] }))).toEqual(["ERR_NO_TICKET_FOUND", "done"]);
    expect(await labels(invited)).toEqual([urgent]);
    expect(await labels(mine)).toEqual([vip, urgent, kept].sort((x, y) => x - y));
    expect(eventsOf("ticket.updated")).toEqual([invited]);
  });
});
