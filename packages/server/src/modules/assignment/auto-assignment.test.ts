import type { Connection, CreateQueueBody, PresenceStatus, Queue, Ticket } from "@atendo/contracts";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tickets, users } from "../../db/schema/index.js";
import type { DomainEventMap } from "../../events/domain-events.js";
import { createConnection, inbound, uniqueNumber } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { putTicket, seedTicket, type Person } from "../../test/ticket-fixtures.js";
import { waitFor } from "../../test/wait-for.js";

/**
 * Automatic assignment on one instance (decision 0079): who gets a new ticket in each mode, who
 * never does, and the moments a waiting ticket finds someone. Each test has its own queue,
 * attendants and connection, so their counts do not meet.
 */
let server: TestServer;
let admin: string;
const assigned: DomainEventMap["ticket.assigned"][] = [];

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  server.ctx.events.on("ticket.assigned", "test", (moment) => void assigned.push(moment));
});
afterAll(() => server.close());

async function people(count: number, presence: PresenceStatus = "online", maxOpenTickets: number | null = null): Promise<Person[]> {
  const team: Person[] = [];
  for (let i = 0; i < count; i++) team.push(await server.createUser());
  await setUsers(team, { presence, maxOpenTickets });
  return team;
}

async function setUsers(team: readonly Person[], values: { presence?: PresenceStatus; maxOpenTickets?: number | null; isDeleted?: boolean }) {
  await server.ctx.db
    .update(users)
    .set(values)
    .where(
      inArray(
        users.id,
        team.map((person) => person.id),
      ),
    );
}

/** Presence as the presence module will announce it: the column, then the event. */
async function comesOnline(person: Person) {
  await setUsers([person], { presence: "online" });
  await server.ctx.events.emit("presence.changed", { userId: person.id, status: "online", before: "offline" });
  await server.ctx.events.settled();
}

async function automaticQueue(team: readonly Person[], input: Partial<CreateQueueBody> = {}): Promise<{ queue: Queue; connection: Connection }> {
  const queue = await createQueue(server, admin, { assignment: "roundRobin", userIds: team.map((p) => p.id), ...input });
  const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
  return { queue, connection };
}

/** A new customer (or the one with `number`) writes; returns their ticket once every listener ran. */
async function customer(connection: Connection, number = uniqueNumber()): Promise<number> {
  const { ticketId } = await inbound(server, connection, { from: { number, name: "Customer" } });
  await server.ctx.events.settled();
  return ticketId;
}

async function ticketRow(id: number) {
  const [row] = await server.ctx.db.select().from(tickets).where(eq(tickets.id, id));
  return row!;
}

const ownerOf = async (id: number) => (await ticketRow(id)).userId;

async function settledPut(token: string, id: number, payload: object) {
  const response = await putTicket(server, token, id, payload);
  expect(response.statusCode, response.body).toBe(200);
  await server.ctx.events.settled();
}

describe("who gets a new ticket", () => {
  it("round robin: the member assigned longest ago, never-assigned ones first, in turn", async () => {
    const team = await people(3);
    const { connection } = await automaticQueue(team);
    const owners: (number | null)[] = [];
    for (let i = 0; i < 6; i++) owners.push(await ownerOf(await customer(connection)));
    const [a, b, c] = team.map((p) => p.id);
    expect(owners).toEqual([a, b, c, a, b, c]);
  });

  it("least busy: the member with the fewest open tickets (any queue), the one assigned longest ago on a tie", async () => {
    const [a, b, c] = await people(3);
    const { queue, connection } = await automaticQueue([a!, b!, c!], { assignment: "leastBusy" });
    // Open tickets they already hold: a two, b none, c one (c's in another queue: capacity is the user's).
    const other = await createQueue(server, admin);
    for (const [person, queueId] of [
      [a, queue.id],
      [a, queue.id],
      [c, other.id],
    ] as const) {
      await seedTicket(server, { connectionId: connection.id, status: "open", userId: person!.id, queueId });
    }
    const owners: (number | null)[] = [];
    for (let i = 0; i < 4; i++) owners.push(await ownerOf(await customer(connection)));
    expect(owners).toEqual([b!.id, c!.id, b!.id, a!.id]);
  });

  it("only online, active members under capacity; a manual queue's tickets wait to be accepted", async () => {
    const [away, offline, removed, full, free] = await people(5);
    await setUsers([away!], { presence: "away" });
    await setUsers([offline!], { presence: "offline" });
    await setUsers([full!], { maxOpenTickets: 1 });
    const { connection } = await automaticQueue([away!, offline!, removed!, full!, free!]);
    await setUsers([removed!], { isDeleted: true });
    await seedTicket(server, { connectionId: connection.id, status: "open", userId: full!.id });
    const owners = [await ownerOf(await customer(connection)), await ownerOf(await customer(connection))];
    expect(owners).toEqual([free!.id, free!.id]);

    const { connection: manual } = await automaticQueue(await people(2), { assignment: "manual" });
    const waiting = await ticketRow(await customer(manual));
    expect(waiting).toMatchObject({ status: "pending", userId: null, autoAssignedAt: null });
  });

  it("a returning customer goes to their last attendant when online and under capacity, else as the mode says", async () => {
    const [a, b] = await people(2);
    const { connection } = await automaticQueue([a!, b!], { returnToLastAttendant: true });
    const number = uniqueNumber();
    const first = await customer(connection, number);
    expect(await ownerOf(first)).toBe(a!.id);
    await settledPut(a!.token, first, { status: "closed" });
    // Round robin's turn is b's now; the returning customer still goes to a.
    const second = await customer(connection, number);
    expect(await ownerOf(second)).toBe(a!.id);
    await settledPut(a!.token, second, { status: "closed" });
    // Their last attendant is away: the mode decides.
    await setUsers([a!], { presence: "away" });
    expect(await ownerOf(await customer(connection, number))).toBe(b!.id);

    // Without the option the mode decides.
    const [c, d] = await people(2);
    const plain = await automaticQueue([c!, d!]);
    const again = uniqueNumber();
    const one = await customer(plain.connection, again);
    expect(await ownerOf(one)).toBe(c!.id);
    await settledPut(c!.token, one, { status: "closed" });
    expect(await ownerOf(await customer(plain.connection, again))).toBe(d!.id);
  });

  it("a user in two queues is given no more than their capacity from both together", async () => {
    const [shared] = await people(1, "online", 2);
    const x = await automaticQueue([shared!]);
    const y = await automaticQueue([shared!], { assignment: "leastBusy" });
    const ids = await Promise.all([customer(x.connection), customer(y.connection), customer(x.connection), customer(y.connection)]);
    await server.ctx.events.settled();
    const owners = await Promise.all(ids.map(ownerOf));
    expect(owners.filter((owner) => owner === shared!.id)).toHaveLength(2);
    expect(owners.filter((owner) => owner === null)).toHaveLength(2);
  });
});

describe("a ticket assigned automatically", () => {
  it("is an accept by the server: open, theirs, out of the participants, `ticket.assigned` to the new owner, marked until a person moves it", async () => {
    const [a, b] = await people(2, "offline");
    const { queue, connection } = await automaticQueue([a!, b!]);
    const id = await customer(connection);
    expect(await ticketRow(id)).toMatchObject({ status: "pending", userId: null });
    await comesOnline(a!);

    const moment = assigned.find((m) => m.ticket.id === id)!;
    expect(moment.transition).toBe("assigned");
    expect(moment.before).toMatchObject({ status: "pending", userId: null, queueId: queue.id });
    expect(moment.ticket).toMatchObject({ status: "open", userId: a!.id, user: { id: a!.id } });
    const shown = ((await server.request({ method: "GET", url: `/api/tickets/${id}`, token: a!.token })).json() as { ticket: Ticket }).ticket;
    expect(shown.autoAssignedAt).toEqual(expect.any(String));
    expect(shown.autoAssignedAt).toBe(moment.ticket.autoAssignedAt);

    // The admin transfers it to b by hand: it no longer says it was automatic.
    await settledPut(admin, id, { userId: b!.id, queueId: queue.id });
    expect(await ticketRow(id)).toMatchObject({ userId: b!.id, autoAssignedAt: null });
  });
});

describe("a waiting ticket is assigned, oldest first, the moment", () => {
  it("someone comes online, raises their capacity, joins the queue or frees capacity", async () => {
    const [u] = await people(1, "offline", 1);
    const [v] = await people(1, "online", 1);
    const { queue, connection } = await automaticQueue([u!], { assignment: "leastBusy" });
    const t1 = await customer(connection);
    const t2 = await customer(connection);
    expect([await ownerOf(t1), await ownerOf(t2)]).toEqual([null, null]);

    await comesOnline(u!);
    expect([await ownerOf(t1), await ownerOf(t2)]).toEqual([u!.id, null]);

    const raised = await server.request({ method: "PUT", url: `/api/users/${u!.id}`, token: admin, payload: { maxOpenTickets: 2 } });
    expect(raised.statusCode).toBe(200);
    await server.ctx.events.settled();
    expect(await ownerOf(t2)).toBe(u!.id);

    const t3 = await customer(connection);
    expect(await ownerOf(t3)).toBe(null);
    const joined = await server.request({ method: "PUT", url: `/api/queue/${queue.id}`, token: admin, payload: { userIds: [u!.id, v!.id] } });
    expect(joined.statusCode).toBe(200);
    await server.ctx.events.settled();
    expect(await ownerOf(t3)).toBe(v!.id);

    const t4 = await customer(connection);
    const t5 = await customer(connection);
    expect([await ownerOf(t4), await ownerOf(t5)]).toEqual([null, null]);
    // u transfers one to a manual queue: u's freed place goes to t4, the oldest waiting.
    const manual = await createQueue(server, admin);
    await settledPut(u!.token, t1, { queueId: manual.id });
    expect(await ownerOf(t4)).toBe(u!.id);
    expect(await ticketRow(t1)).toMatchObject({ status: "pending", userId: null, queueId: manual.id });
    // v closes theirs: t5 is next.
    await settledPut(v!.token, t3, { status: "closed" });
    expect(await ownerOf(t5)).toBe(v!.id);
  });

  it("the sweep job finds it when no event said so (an instance died after its commit)", async () => {
    const [a] = await people(1);
    const { queue, connection } = await automaticQueue([a!]);
    // Written straight to the database: no `ticket.created` was heard.
    const id = await seedTicket(server, { connectionId: connection.id, status: "pending", queueId: queue.id });
    expect(await ownerOf(id)).toBe(null);
    server.jobs.start("assignment-sweep");
    try {
      await waitFor(async () => (await ownerOf(id)) === a!.id, "the sweep to assign the ticket");
    } finally {
      await server.jobs.stop();
    }
  });
});
