import type { Connection, Queue } from "@atendo/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { tickets, users } from "../../db/schema/index.js";
import { createConnection, inbound } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { putTicket, type Person } from "../../test/ticket-fixtures.js";
import { openTestDatabase } from "../../test/test-database.js";
import { assignWaitingTickets } from "./auto-assignment.service.js";

/**
 * Two instances of the app on one database, as behind a load balancer: 200 customers write at
 * once, half through each; every instance's listener and an extra pass of each run side by side.
 * Ten online attendants with capacity 10 get exactly ten each, the other hundred wait, and one
 * close lets exactly one waiting ticket through (decision 0079).
 */
let database: Database;
let first: TestServer;
let second: TestServer;
let admin: string;
let queue: Queue;
let connection: Connection;
const team: Person[] = [];
const assignedEvents: number[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  first = await createTestServer({}, { database });
  second = await createTestServer({}, { database });
  admin = await first.adminToken();
  for (let i = 0; i < 10; i++) team.push(await first.createUser({ name: `Attendant ${i}` }));
  const ids = team.map((person) => person.id);
  await first.ctx.db.update(users).set({ presence: "online", maxOpenTickets: 10 }).where(inArray(users.id, ids));
  queue = await createQueue(first, admin, { userIds: ids, assignment: "roundRobin" });
  connection = await createConnection(first, admin, { destinationType: "queue", destinationItem: queue.id });
  // The API channel runs on every instance.
  await second.ctx.channels.startAll();
  for (const server of [first, second]) server.ctx.events.on("ticket.assigned", "test", ({ ticket }) => void assignedEvents.push(ticket.id));
});
afterAll(async () => {
  await second.close();
  await first.close();
  await database.close();
});

async function openByUser(): Promise<Map<number, number>> {
  const rows = await first.ctx.db
    .select({ userId: tickets.userId, open: sql<number>`count(*)::int` })
    .from(tickets)
    .where(and(eq(tickets.status, "open"), eq(tickets.queueId, queue.id)))
    .groupBy(tickets.userId);
  return new Map(rows.map((row) => [row.userId!, row.open]));
}

async function waitingIds(): Promise<number[]> {
  const rows = await first.ctx.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.status, "pending"), eq(tickets.queueId, queue.id)))
    .orderBy(tickets.createdAt, tickets.id);
  return rows.map((row) => row.id);
}

const settled = () => Promise.all([first.ctx.events.settled(), second.ctx.events.settled()]);

describe("automatic assignment across two instances on one database", () => {
  it("gives 200 tickets arriving at once to 10 attendants of capacity 10: ten each, 100 wait; one close lets exactly one through", async () => {
    const created = await Promise.all([
      ...Array.from({ length: 200 }, (_, i) => inbound(i % 2 === 0 ? first : second, connection, { body: `Hello ${i}` })),
      // Passes besides the listeners', on both instances, while the tickets arrive.
      assignWaitingTickets(first.ctx),
      assignWaitingTickets(second.ctx),
    ]);
    await settled();
    expect(new Set(created.slice(0, 200).map((c) => (c as { ticketId: number }).ticketId)).size).toBe(200);

    const open = await openByUser();
    expect([...open.keys()].sort((a, b) => a - b)).toEqual(team.map((person) => person.id).sort((a, b) => a - b));
    for (const person of team) expect(open.get(person.id), `open tickets of user ${person.id}`).toBe(10);
    expect(await waitingIds()).toHaveLength(100);
    expect(assignedEvents, "one ticket.assigned per ticket").toHaveLength(100);
    expect(new Set(assignedEvents).size).toBe(100);

    // More passes on both instances at once change nothing: everyone is at capacity.
    expect(await Promise.all([assignWaitingTickets(first.ctx), assignWaitingTickets(second.ctx)])).toEqual([0, 0]);

    // One attendant closes one ticket on the second instance: the oldest waiting ticket is theirs.
    const closer = team[3]!;
    const [mine] = await first.ctx.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.userId, closer.id), eq(tickets.status, "open")))
      .limit(1);
    const oldestWaiting = (await waitingIds())[0]!;
    const closed = await putTicket(second, closer.token, mine!.id, { status: "closed" });
    expect(closed.statusCode).toBe(200);
    await settled();

    const after = await openByUser();
    for (const person of team) expect(after.get(person.id), `open tickets of user ${person.id}`).toBe(10);
    expect(await waitingIds()).toHaveLength(99);
    expect(assignedEvents).toHaveLength(101);
    const [given] = await first.ctx.db.select().from(tickets).where(eq(tickets.id, oldestWaiting));
    expect(given).toMatchObject({ status: "open", userId: closer.id });
    expect(given!.autoAssignedAt).toBeInstanceOf(Date);
  });
});
