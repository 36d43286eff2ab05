import { limits } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userQueues } from "../../db/schema/index.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectRefused } from "../../test/route-guards.js";
import { idsOf, listTickets, seedTeam, seedTicket, sqlRows, type Team } from "../../test/ticket-fixtures.js";

let server: TestServer;
let admin: string;
let team: Team;
/** One ticket in every situation the visibility rule distinguishes. */
const t = {} as Record<
  "pendingA" | "pendingB" | "pendingNoQueue" | "openAlice" | "openBob" | "openBobWithAlice" | "closedAlice" | "closedBobWithAlice" | "closedBob",
  number
>;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  team = await seedTeam(server, admin);
  const { alice, bob, queueA, queueB, connection } = team;
  const seed = (input: Omit<Parameters<typeof seedTicket>[1], "connectionId">) => seedTicket(server, { connectionId: connection.id, ...input });
  t.pendingA = await seed({ status: "pending", queueId: queueA.id });
  t.pendingB = await seed({ status: "pending", queueId: queueB.id });
  t.pendingNoQueue = await seed({ status: "pending" });
  t.openAlice = await seed({ status: "open", userId: alice.id, queueId: queueA.id });
  t.openBob = await seed({ status: "open", userId: bob.id, queueId: queueB.id });
  t.openBobWithAlice = await seed({ status: "open", userId: bob.id, queueId: queueB.id, participants: [alice.id] });
  t.closedAlice = await seed({ status: "closed", userId: alice.id, queueId: queueA.id });
  t.closedBobWithAlice = await seed({ status: "closed", userId: bob.id, queueId: queueB.id, participants: [alice.id] });
  t.closedBob = await seed({ status: "closed", userId: bob.id, queueId: queueB.id });
});
afterAll(() => server.close());

/** Newest first: seeds are increasingly recent. */
const newestFirst = (...ids: number[]) => [...ids].sort((a, b) => b - a);

describe("GET /api/tickets: guards", () => {
  it("refuses anonymous callers and malformed filters", async () => {
    await expectRefused(server, [{ method: "GET", url: "/api/tickets" }], anonymous, 401, "ERR_SESSION_EXPIRED");
    const malformed = { "queueIds=[1,x]": "ERR_MISSING_VALUES", "status=lost": "ERR_MISSING_VALUES", "date=yesterday": "ERR_INVALID_DATE", "pageNumber=0": "ERR_MISSING_VALUES" };
    for (const [query, code] of Object.entries(malformed)) {
      const response = await server.request({ method: "GET", url: `/api/tickets?${query}`, token: team.alice.token });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toBe(code);
    }
  });
});

describe("GET /api/tickets: who sees what", () => {
  it("shows an attendant the pending tickets of their queues and with no queue, not other queues'", async () => {
    const page = await listTickets(server, team.alice.token, { status: "pending" });
    expect(idsOf(page)).toEqual(newestFirst(t.pendingA, t.pendingNoQueue));
    expect(page).toMatchObject({ count: 2, hasMore: false });
    expect(idsOf(await listTickets(server, team.bob.token, { status: "pending" }))).toEqual(newestFirst(t.pendingB, t.pendingNoQueue));
    expect(idsOf(await listTickets(server, team.carol.token, { status: "pending" }))).toEqual([t.pendingNoQueue]);
  });

  it("shows in the open tab the tickets a user owns or takes part in", async () => {
    expect(idsOf(await listTickets(server, team.alice.token, { status: "open" }))).toEqual(newestFirst(t.openAlice, t.openBobWithAlice));
    expect(idsOf(await listTickets(server, team.bob.token, { status: "open" }))).toEqual(newestFirst(t.openBob, t.openBobWithAlice));
    expect((await listTickets(server, team.carol.token, { status: "open" })).count).toBe(0);
  });

  it("shows in the closed tab the closed tickets a user owned or took part in", async () => {
    expect(idsOf(await listTickets(server, team.alice.token, { status: "closed" }))).toEqual(newestFirst(t.closedAlice, t.closedBobWithAlice));
    expect(idsOf(await listTickets(server, team.bob.token, { status: "closed" }))).toEqual(newestFirst(t.closedBobWithAlice, t.closedBob));
  });

  it("ignores showAll from an attendant", async () => {
    for (const status of ["pending", "open", "closed"]) {
      const plain = await listTickets(server, team.alice.token, { status });
      expect(await listTickets(server, team.alice.token, { status, showAll: true }), status).toEqual(plain);
    }
  });

  it("shows an admin everything with showAll, and only their own share without it", async () => {
    const all = (status: string) => listTickets(server, admin, { status, showAll: true });
    expect(idsOf(await all("pending"))).toEqual(newestFirst(t.pendingA, t.pendingB, t.pendingNoQueue));
    expect(idsOf(await all("open"))).toEqual(newestFirst(t.openAlice, t.openBob, t.openBobWithAlice));
    expect(idsOf(await all("closed"))).toEqual(newestFirst(t.closedAlice, t.closedBobWithAlice, t.closedBob));
    // An admin in no queue, owning nothing: like any user, only the tickets with no queue.
    expect(idsOf(await listTickets(server, admin, { status: "pending" }))).toEqual([t.pendingNoQueue]);
    expect((await listTickets(server, admin, { status: "open" })).count).toBe(0);
  });

  it("narrows by queueIds without widening: no-queue tickets and participations stay", async () => {
    const { alice, queueA, queueB } = team;
    expect(idsOf(await listTickets(server, alice.token, { status: "pending", queueIds: `[${queueB.id}]` }))).toEqual([t.pendingNoQueue]);
    expect(idsOf(await listTickets(server, alice.token, { status: "open", queueIds: `[${queueB.id}]` }))).toEqual([t.openBobWithAlice]);
    expect(idsOf(await listTickets(server, alice.token, { status: "open", queueIds: queueA.id }))).toEqual(newestFirst(t.openAlice, t.openBobWithAlice));
    expect(idsOf(await listTickets(server, admin, { status: "pending", showAll: true, queueIds: `${queueA.id},${queueB.id}` }))).toEqual(
      newestFirst(t.pendingA, t.pendingB, t.pendingNoQueue),
    );
    expect(idsOf(await listTickets(server, admin, { status: "open", showAll: true, queueIds: `[${queueA.id}]` }))).toEqual([t.openAlice]);
  });

  it("lists every status the user may see when no status is given", async () => {
    expect(idsOf(await listTickets(server, team.alice.token))).toEqual(
      newestFirst(t.pendingA, t.pendingNoQueue, t.openAlice, t.openBobWithAlice, t.closedAlice, t.closedBobWithAlice),
    );
  });
});

describe("GET /api/tickets: paging and filters", () => {
  it("pages by limits.ticketPageSize, newest activity first, with the total count", async () => {
    const user = await server.createUser();
    const ids: number[] = [];
    for (let i = 0; i < limits.ticketPageSize + 3; i++) ids.push(await seedTicket(server, { connectionId: team.connection.id, status: "open", userId: user.id }));
    const first = await listTickets(server, user.token, { status: "open" });
    expect(first).toMatchObject({ hasMore: true, count: limits.ticketPageSize + 3 });
    expect(idsOf(first)).toEqual(newestFirst(...ids).slice(0, limits.ticketPageSize));
    const second = await listTickets(server, user.token, { status: "open", pageNumber: 2 });
    expect(second).toMatchObject({ hasMore: false, count: limits.ticketPageSize + 3 });
    expect(idsOf(second)).toEqual(newestFirst(...ids).slice(limits.ticketPageSize));
  });

  it("presents each ticket whole: contact, queue, owner, connection, participants", async () => {
    const [ticket] = (await listTickets(server, team.bob.token, { status: "open", queueIds: team.queueB.id })).tickets.filter((x) => x.id === t.openBobWithAlice);
    expect(ticket).toMatchObject({
      status: "open",
      user: { id: team.bob.id, name: "Bob" },
      queue: { id: team.queueB.id, name: team.queueB.name, color: team.queueB.color },
      whatsapp: { id: team.connection.id, name: team.connection.name, kind: "api" },
      contact: { name: "Seeded Contact" },
      userTicket: [{ userId: team.alice.id, ticketId: t.openBobWithAlice, user: { id: team.alice.id, name: "Alice" } }],
    });
  });

  it("keeps tickets with unread messages, and tickets updated on a given day (of the install's clock, here UTC)", async () => {
    const user = await server.createUser();
    const connectionId = team.connection.id;
    const unread = await seedTicket(server, { connectionId, status: "open", userId: user.id, unreadMessages: 2, updatedAt: new Date("2023-05-04T23:30:00Z") });
    const read = await seedTicket(server, { connectionId, status: "open", userId: user.id, updatedAt: new Date("2023-05-05T00:10:00Z") });
    expect(idsOf(await listTickets(server, user.token, { withUnreadMessages: true }))).toEqual([unread]);
    expect(idsOf(await listTickets(server, user.token, { date: "2023-05-05" }))).toEqual([read]);
    expect(idsOf(await listTickets(server, user.token, { date: "2023-05-04" }))).toEqual([unread]);
  });

  it("reads `date` as a day of the install's clock (TIME_ZONE), not UTC's", async () => {
    const local = await createTestServer({ TIME_ZONE: "America/Sao_Paulo" });
    try {
      const token = await local.adminToken();
      const { connection } = await seedTeam(local, token);
      // São Paulo is UTC−3: 02:10 UTC on 5 May is 23:10 on 4 May there, 03:10 UTC is 00:10 on 5 May.
      const lateOnMay4 = await seedTicket(local, { connectionId: connection.id, status: "closed", updatedAt: new Date("2023-05-05T02:10:00Z") });
      const earlyOnMay5 = await seedTicket(local, { connectionId: connection.id, status: "closed", updatedAt: new Date("2023-05-05T03:10:00Z") });
      expect(idsOf(await listTickets(local, token, { status: "closed", showAll: true, date: "2023-05-04" }))).toEqual([lateOnMay4]);
      expect(idsOf(await listTickets(local, token, { status: "closed", showAll: true, date: "2023-05-05" }))).toEqual([earlyOnMay5]);
    } finally {
      await local.close();
    }
  });
});

describe("GET /api/tickets: search", () => {
  it("matches contact name and message text case-insensitively, and numbers by their digits, in every status", async () => {
    const user = await server.createUser();
    const connectionId = team.connection.id;
    const byName = await seedTicket(server, { connectionId, status: "open", userId: user.id, contactName: "Zélia Quintana" });
    const byNumber = await seedTicket(server, { connectionId, status: "closed", userId: user.id, number: "5511955554321" });
    const byText = await seedTicket(server, { connectionId, status: "open", userId: user.id, messages: ["hello", "My PARCEL never came"] });
    await seedTicket(server, { connectionId, status: "open", userId: user.id, contactName: "Someone Else", messages: ["nothing here"] });

    expect(idsOf(await listTickets(server, user.token, { searchParam: "quintana" }))).toEqual([byName]);
    expect(idsOf(await listTickets(server, user.token, { searchParam: "+55 (11) 95555-4321" }))).toEqual([byNumber]);
    expect(idsOf(await listTickets(server, user.token, { searchParam: "parcel NEVER" }))).toEqual([byText]);
    expect(idsOf(await listTickets(server, user.token, { searchParam: "parcel", status: "closed" }))).toEqual([]);
    // `%` is a character, not a wildcard (unescaped, this would find Quintana); no digits, which
    // would also be looked for in the seeded tickets' random numbers.
    expect((await listTickets(server, user.token, { searchParam: "quint%na" })).count).toBe(0);
  });

  it("finds only tickets the user may see", async () => {
    const connectionId = team.connection.id;
    const hidden = await seedTicket(server, { connectionId, status: "pending", queueId: team.queueB.id, contactName: "Xavier Hidden" });
    expect((await listTickets(server, team.alice.token, { searchParam: "xavier" })).count).toBe(0);
    expect(idsOf(await listTickets(server, team.bob.token, { searchParam: "xavier" }))).toEqual([hidden]);
    expect(idsOf(await listTickets(server, admin, { searchParam: "xavier", showAll: true }))).toEqual([hidden]);
  });
});

describe("GET /api/tickets: a ticket in several of a user's shares", () => {
  it("is listed and counted once: owned, taken part in, in their queue or in none", async () => {
    const dan = await server.createUser({ name: "Dan" });
    await server.ctx.db.insert(userQueues).values({ userId: dan.id, queueId: team.queueA.id });
    const seed = (input: Omit<Parameters<typeof seedTicket>[1], "connectionId" | "participants">) =>
      seedTicket(server, { connectionId: team.connection.id, participants: [dan.id], ...input });
    const inHisQueue = await seed({ status: "pending", queueId: team.queueA.id, userId: dan.id });
    const inNoQueue = await seed({ status: "pending" });
    const inOtherQueue = await seed({ status: "pending", queueId: team.queueB.id, userId: dan.id });
    const open = await seed({ status: "open", queueId: team.queueB.id, userId: dan.id });
    const closed = await seed({ status: "closed", queueId: team.queueB.id, userId: dan.id });
    // The other pending tickets of queue A and of no queue are his too.
    const everyonesRows = await sqlRows<{ id: number }>(
      server,
      sql`select id from tickets where status = 'pending' and ura_id is null and (queue_id is null or queue_id = ${team.queueA.id}::int)
        and id not in (${inHisQueue}::int, ${inNoQueue}::int)`,
    );
    const everyones = everyonesRows.map((row) => row.id);
    expect(everyones.length).toBeGreaterThan(0);

    const pending = await listTickets(server, dan.token, { status: "pending" });
    expect(idsOf(pending)).toEqual(newestFirst(inHisQueue, inNoQueue, inOtherQueue, ...everyones));
    expect(pending.count).toBe(3 + everyones.length);
    const all = await listTickets(server, dan.token);
    expect(idsOf(all)).toEqual(newestFirst(inHisQueue, inNoQueue, inOtherQueue, open, closed, ...everyones));
    expect(all.count).toBe(5 + everyones.length);
    expect((await listTickets(server, dan.token, { status: "open" })).count).toBe(1);
    expect(idsOf(await listTickets(server, dan.token, { status: "closed" }))).toEqual([closed]);
  });
});

describe("GET /api/tickets: a queue nobody belongs to (docs/decisions/0069)", () => {
  it("shows its waiting customers to every admin without show-all, counted, until someone joins it", async () => {
    // Its only member was removed: a removed user can no longer sign in, so nobody could see them.
    const eve = await server.createUser({ name: "Eve" });
    const nobodys = await createQueue(server, admin, { userIds: [eve.id] });
    expect((await server.request({ method: "DELETE", url: `/api/users/${eve.id}`, token: admin })).statusCode).toBe(200);
    const waiting = await seedTicket(server, { connectionId: team.connection.id, status: "pending", queueId: nobodys.id, unreadMessages: 1 });
    const taken = await seedTicket(server, { connectionId: team.connection.id, status: "open", queueId: nobodys.id, userId: team.carol.id });

    const pending = await listTickets(server, admin, { status: "pending" });
    expect(idsOf(pending)).toContain(waiting);
    expect(pending.count).toBe(pending.tickets.length);
    expect((await listTickets(server, admin, { status: "pending", withUnreadMessages: true })).tickets.map((x) => x.id)).toContain(waiting);
    expect(idsOf(await listTickets(server, admin))).toContain(waiting);
    expect(idsOf(await listTickets(server, admin, { searchParam: "Seeded Contact", status: "pending" }))).toContain(waiting);
    // Taken, it is its owner's, like any other; and attendants never see another queue's customers.
    expect(idsOf(await listTickets(server, admin, { status: "open" }))).not.toContain(taken);
    expect(idsOf(await listTickets(server, team.alice.token, { status: "pending" }))).not.toContain(waiting);

    // Once someone belongs to it, it is theirs: the admin needs show-all again.
    await server.request({ method: "PUT", url: `/api/queue/${nobodys.id}`, token: admin, payload: { userIds: [team.carol.id] } });
    expect(idsOf(await listTickets(server, admin, { status: "pending" }))).not.toContain(waiting);
    expect(idsOf(await listTickets(server, team.carol.token, { status: "pending" }))).toContain(waiting);
  });
});
