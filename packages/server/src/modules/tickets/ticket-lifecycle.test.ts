import type { Connection } from "@atendo/contracts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventDeliveries, tickets, users } from "../../db/schema/index.js";
import type { DomainEventMap } from "../../events/domain-events.js";
import { closeIdleTickets } from "../../jobs/auto-close.js";
import { createConnection, inbound, uniqueNumber } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { ADMIN, createTestServer, type TestServer } from "../../test/harness.js";
import { putTicket } from "../../test/ticket-fixtures.js";

type Closed = DomainEventMap["ticket.closed"];

/**
 * Every way a ticket closes writes the same row (ticket-lifecycle.ts): only who closed it
 * differs, in the event. Each path closes a ticket that stands the same way first — open, an
 * attendant's, in a queue, with the leftovers of a menu and of out-of-hours on it.
 */
describe("ticket lifecycle: closing by every path", () => {
  let server: TestServer;
  let admin: string;
  let adminId: number;
  let queueId: number;
  const heard: Closed[] = [];

  beforeAll(async () => {
    server = await createTestServer();
    admin = await server.adminToken();
    adminId = (await server.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email)))[0]!.id;
    queueId = (await createQueue(server, admin)).id;
    server.ctx.events.on("ticket.closed", "test-closed", (payload) => void heard.push(payload));
    // Never run here (the outbox is not started): its rows show which transaction kept the event.
    server.ctx.events.durable("ticket.closed", "test-closed-kept", () => undefined);
  });

  /** The id of the transaction that last wrote the ticket's row, and of those that kept its close for a durable listener. */
  async function writers(ticketId: number): Promise<{ ticket: string; kept: string[] }> {
    const xid = sql<string>`xmin::text`;
    const [ticket] = await server.ctx.db.select({ xid }).from(tickets).where(eq(tickets.id, ticketId));
    const kept = await server.ctx.db
      .select({ xid })
      .from(eventDeliveries)
      .where(and(eq(eventDeliveries.listener, "test-closed-kept"), sql`(${eventDeliveries.payload} -> 'ticket' ->> 'id')::int = ${ticketId}`));
    return { ticket: ticket!.xid, kept: kept.map((row) => row.xid) };
  }
  afterAll(() => server.close());

  /** A connection of its own, a customer's conversation on it, accepted by the admin, with stale menu and hours state. */
  async function openTicket(): Promise<{ connection: Connection; ticketId: number; number: string }> {
    const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: queueId, canCloseTicketByMessage: true, closeCode: "#" });
    const number = uniqueNumber();
    const { ticketId } = await inbound(server, connection, { from: { number, name: "Customer" } });
    expect((await putTicket(server, admin, ticketId, { status: "open", userId: adminId })).statusCode).toBe(200);
    await server.ctx.db.update(tickets).set({ uraMisses: 2, outOfHours: true, updatedAt: new Date("2020-01-01T00:00:00Z") }).where(eq(tickets.id, ticketId));
    return { connection, ticketId, number };
  }

  const paths: { name: string; by: Closed["by"]; transition: Closed["transition"]; close(opened: Awaited<ReturnType<typeof openTicket>>): Promise<void> }[] = [
    {
      name: "an attendant resolves it (PUT /tickets/{id})",
      by: "person",
      transition: "closed",
      close: async ({ ticketId }) => expect((await putTicket(server, admin, ticketId, { status: "closed" })).statusCode).toBe(200),
    },
    {
      name: "the customer sends the close code",
      by: "customer",
      transition: "closedByMessageCode",
      close: async ({ connection, number }) => void (await inbound(server, connection, { from: { number, name: "Customer" }, body: "#" })),
    },
    {
      name: "auto-close finds it idle",
      by: "system",
      transition: "closed",
      close: async () => expect(await closeIdleTickets(server.ctx, 1)).toBe(1),
    },
    {
      name: "its connection is deleted",
      by: "system",
      transition: "closed",
      close: async ({ connection }) => expect((await server.request({ method: "DELETE", url: `/api/whatsapp/${connection.id}`, token: admin })).statusCode).toBe(200),
    },
  ];

  const rows: Record<string, unknown>[] = [];
  it.each(paths)("$name", async (path) => {
    const opened = await openTicket();
    heard.length = 0;
    await path.close(opened);
    const [row] = await server.ctx.db.select().from(tickets).where(eq(tickets.id, opened.ticketId));
    expect(row!.closedAt).not.toBeNull();
    expect(row!.updatedAt.getTime(), "closed at the time of its last update").toBe(row!.closedAt!.getTime());
    rows.push({ status: row!.status, userId: row!.userId, queueId: row!.queueId, uraId: row!.uraId, uraMisses: row!.uraMisses, outOfHours: row!.outOfHours });
    expect(heard.map(({ ticket, by, transition }) => ({ id: ticket.id, status: ticket.status, by, transition }))).toEqual([
      { id: opened.ticketId, status: "closed", by: path.by, transition: path.transition },
    ]);
    const written = await writers(opened.ticketId);
    expect(written.kept, "the close is kept for durable listeners by the transaction that closed the ticket").toEqual([written.ticket]);
  });

  it("writes the same row whichever path closed it", () => {
    expect(rows).toHaveLength(paths.length);
    const expected = { status: "closed", userId: adminId, queueId, uraId: null, uraMisses: 0, outOfHours: false };
    for (const row of rows) expect(row).toEqual(expected);
  });
});
