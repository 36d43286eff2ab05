import type { Ticket, TicketResult } from "@atendo/contracts";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tickets } from "../../db/schema/index.js";
import { createConnection, inbound } from "../../test/channel-fixtures.js";
import { createContact, createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { allTicketPages, idsOf, listTickets, putTicket, seedTicket } from "../../test/ticket-fixtures.js";

/**
 * A ticket's SLA (issue 30, docs/decisions/0080): due times set by the lifecycle wherever a ticket
 * enters a queue with targets, shown in every ticket payload, and the lists' sort by due time.
 */
let server: TestServer;
let admin: string;
let alice: { id: number; token: string };
let support: { id: number };
let sales: { id: number };
let plain: { id: number };
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  alice = await server.createUser({ name: "Alice SLA" });
  support = await createQueue(server, admin, { userIds: [alice.id], sla: { firstResponseMinutes: 15, resolutionMinutes: 240 } });
  sales = await createQueue(server, admin, { userIds: [alice.id], sla: { firstResponseMinutes: 60, resolutionMinutes: null } });
  plain = await createQueue(server, admin, { userIds: [alice.id] });
});
afterAll(() => server.close());

const MINUTE = 60_000;
const getTicket = async (id: number) => ((await server.request({ method: "GET", url: `/api/tickets/${id}`, token: admin })).json() as { ticket: Ticket }).ticket;
const after = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * MINUTE).toISOString();

describe("due times start where a ticket enters a queue with targets", () => {
  it("a customer's first message routed to the queue (the inbound pipeline)", async () => {
    const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: support.id });
    const { ticketId } = await inbound(server, connection);
    const ticket = await getTicket(ticketId);
    expect(ticket.queueId).toBe(support.id);
    expect(ticket.sla).toEqual({
      firstResponseDueAt: after(ticket.createdAt, 15),
      resolutionDueAt: after(ticket.createdAt, 240),
      firstResponseBreached: false,
      resolutionBreached: false,
      firstResponseMinutes: 15,
      resolutionMinutes: 240,
      firstResponseAt: null,
    });
  });

  it("a ticket an attendant starts waiting in a queue; none in a queue without targets or in no queue", async () => {
    const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: plain.id });
    const start = async (queueId: number | null) => {
      const contact = await createContact(server, admin);
      const response = await server.request({ method: "POST", url: "/api/tickets", token: alice.token, payload: { contactId: contact.id, queueId, whatsappId: connection.id, status: "pending" } });
      expect(response.statusCode).toBe(201);
      return (response.json() as TicketResult).ticket as Ticket;
    };
    const inSales = await start(sales.id);
    expect(inSales.sla.firstResponseDueAt).toBe(after(inSales.createdAt, 60));
    expect(inSales.sla.resolutionDueAt).toBeNull();
    for (const queueId of [plain.id, null]) {
      const none = await start(queueId);
      expect(none.sla).toMatchObject({ firstResponseDueAt: null, resolutionDueAt: null, firstResponseBreached: false, resolutionBreached: false });
    }
  });

  it("a transfer to another queue restarts the clocks there; within the queue, or to an attendant of it, they run on", async () => {
    const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: support.id });
    const { ticketId } = await inbound(server, connection);
    const first = await getTicket(ticketId);
    // A breach already announced in the first queue…
    await server.ctx.db.update(tickets).set({ firstResponseBreachedAt: new Date() }).where(eq(tickets.id, ticketId));

    expect((await putTicket(server, admin, ticketId, { action: "transferOwner", userId: alice.id })).statusCode).toBe(200);
    expect((await getTicket(ticketId)).sla.firstResponseDueAt).toBe(first.sla.firstResponseDueAt);

    const moved = await putTicket(server, admin, ticketId, { action: "updateQueue", queueId: sales.id });
    expect(moved.statusCode).toBe(200);
    const inSales = await getTicket(ticketId);
    expect(Date.parse(inSales.sla.firstResponseDueAt!) - Date.parse(inSales.updatedAt)).toBe(60 * MINUTE);
    expect(inSales.sla.resolutionDueAt).toBeNull();
    expect(inSales.sla.firstResponseMinutes).toBe(60);
    // …is forgotten: a miss in the new queue is announced again.
    const [row] = await server.ctx.db.select({ announced: tickets.firstResponseBreachedAt }).from(tickets).where(eq(tickets.id, ticketId));
    expect(row!.announced).toBeNull();

    // The same queue again: the clock runs on.
    expect((await putTicket(server, admin, ticketId, { action: "updateQueue", queueId: sales.id })).statusCode).toBe(200);
    expect((await getTicket(ticketId)).sla.firstResponseDueAt).toBe(inSales.sla.firstResponseDueAt);
  });
});

describe("whether a target was met", () => {
  it("first response: met by the team's first answer before the due time, breached once it passes unanswered", async () => {
    const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: support.id });
    const answered = (await inbound(server, connection)).ticketId;
    expect((await server.request({ method: "POST", url: `/api/messages/${answered}`, token: admin, payload: { body: "Hello!" } })).statusCode).toBe(201);
    const met = await getTicket(answered);
    expect(met.sla.firstResponseAt).not.toBeNull();
    expect(met.sla.firstResponseBreached).toBe(false);

    const waiting = (await inbound(server, connection)).ticketId;
    await server.ctx.db.update(tickets).set({ firstResponseDueAt: new Date(Date.now() - MINUTE) }).where(eq(tickets.id, waiting));
    expect((await getTicket(waiting)).sla).toMatchObject({ firstResponseBreached: true, resolutionBreached: false });
    // Answered late: still breached.
    expect((await server.request({ method: "POST", url: `/api/messages/${waiting}`, token: admin, payload: { body: "Sorry for the wait" } })).statusCode).toBe(201);
    expect((await getTicket(waiting)).sla.firstResponseBreached).toBe(true);
  });

  it("resolution: met by closing before the due time, breached when closed after it", async () => {
    const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: support.id });
    const inTime = (await inbound(server, connection)).ticketId;
    expect((await putTicket(server, admin, inTime, { status: "closed" })).statusCode).toBe(200);
    expect((await getTicket(inTime)).sla.resolutionBreached).toBe(false);

    const late = (await inbound(server, connection)).ticketId;
    await server.ctx.db.update(tickets).set({ resolutionDueAt: new Date(Date.now() - MINUTE) }).where(eq(tickets.id, late));
    expect((await putTicket(server, admin, late, { status: "closed" })).statusCode).toBe(200);
    expect((await getTicket(late)).sla.resolutionBreached).toBe(true);
  });
});

describe("GET /api/tickets?sort=slaDue", () => {
  it("orders a tab by the next due time (most overdue first), then the tickets with no target running by activity", async () => {
    const sortServer = await createTestServer();
    try {
      const token = await sortServer.adminToken();
      const queue = await createQueue(sortServer, token, {});
      const connection = await createConnection(sortServer, token, { destinationType: "queue", destinationItem: queue.id });
      const seed = () => seedTicket(sortServer, { connectionId: connection.id, status: "pending", queueId: queue.id });
      const [noTargetOld, soon, overdue, later, answered, noTargetNew] = [await seed(), await seed(), await seed(), await seed(), await seed(), await seed()];
      const now = Date.now();
      const set = (id: number, values: Partial<typeof tickets.$inferInsert>) => sortServer.ctx.db.update(tickets).set(values).where(eq(tickets.id, id));
      await set(soon, { firstResponseDueAt: new Date(now + 10 * MINUTE), resolutionDueAt: new Date(now + 100 * MINUTE) });
      await set(overdue, { firstResponseDueAt: new Date(now - 5 * MINUTE) });
      await set(later, { resolutionDueAt: new Date(now + 30 * MINUTE) });
      // Answered: its first-response due time no longer counts, its resolution one does.
      await set(answered, { firstResponseDueAt: new Date(now - 60 * MINUTE), firstResponseAt: new Date(now - 70 * MINUTE), resolutionDueAt: new Date(now + 20 * MINUTE) });

      const page = await listTickets(sortServer, token, { status: "pending", showAll: true, sort: "slaDue" });
      expect(idsOf(page)).toEqual([overdue, soon, answered, later, noTargetNew, noTargetOld]);
      expect(page.count).toBe(6);
      // The default stays newest activity first.
      expect(idsOf(await listTickets(sortServer, token, { status: "pending", showAll: true }))).toEqual([noTargetNew, answered, later, overdue, soon, noTargetOld]);
      // Pages follow one another without a gap or a repeat.
      await sortServer.ctx.db.update(tickets).set({ resolutionDueAt: new Date(now + 5 * MINUTE) }).where(inArray(tickets.id, [noTargetOld, noTargetNew]));
      const all = await allTicketPages(sortServer, token, { status: "pending", showAll: true, sort: "slaDue" });
      expect(new Set(all).size).toBe(6);
      // A closed tab or a search keeps the activity order; an unknown sort is refused.
      expect((await listTickets(sortServer, token, { status: "closed", sort: "slaDue" })).tickets).toEqual([]);
      const refused = await sortServer.request({ method: "GET", url: "/api/tickets?sort=soonest", token });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe("ERR_MISSING_VALUES");
    } finally {
      await sortServer.close();
    }
  });

  it("an attendant's sorted tab holds exactly what their unsorted tab holds", async () => {
    const bob = await server.createUser({ name: "Bob SLA" });
    const unsorted = await allTicketPages(server, alice.token, { status: "pending" });
    const sorted = await allTicketPages(server, alice.token, { status: "pending", sort: "slaDue" });
    expect([...sorted].sort((a, b) => a - b)).toEqual([...unsorted].sort((a, b) => a - b));
    expect(unsorted.length).toBeGreaterThan(0);
    // Bob is in none of these queues: what waits there is not his, sorted or not (those in no queue are everyone's).
    const bobs = await allTicketPages(server, bob.token, { status: "pending", sort: "slaDue" });
    const bobsUnsorted = await allTicketPages(server, bob.token, { status: "pending" });
    expect([...bobs].sort((a, b) => a - b)).toEqual([...bobsUnsorted].sort((a, b) => a - b));
    expect(bobs.length).toBeLessThan(sorted.length);
  });
});
