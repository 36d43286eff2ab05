import type { MessagePage, ReportPage, ShowTicketResponse, TicketPage } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseError } from "../../core/db-errors.js";
import { messages, tickets } from "../../db/schema/index.js";
import { createConnection, inbound } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { ADMIN, createTestServer, type TestServer } from "../../test/harness.js";
import { expectError } from "../../test/route-guards.js";

let server: TestServer;
let admin: string;
let adminId: number;
let queueId: number;
beforeAll(async () => {
  server = await createTestServer();
  const session = await server.login(ADMIN.email, ADMIN.password);
  admin = session.token;
  adminId = session.user.id;
  queueId = (await createQueue(server, admin)).id;
});
afterAll(() => server.close());

const routeTo = () => ({ destinationType: "queue" as const, destinationItem: queueId });
const today = () => new Date(Date.now() - 3_600_000).toISOString();

/** A connection with a waiting conversation, a resolved one (answered), and an answer still waiting for its channel. */
async function connectionWithHistory(name: string) {
  const connection = await createConnection(server, admin, { name, label: `${name} (label)`, ...routeTo() });
  const waiting = await inbound(server, connection, { body: "Still waiting" });
  const resolved = await inbound(server, connection, { body: "Thanks" });
  expect((await server.request({ method: "POST", url: `/api/messages/${resolved.ticketId}`, token: admin, payload: { body: "You are welcome" } })).statusCode).toBe(201);
  expect((await server.request({ method: "PUT", url: `/api/tickets/${resolved.ticketId}`, token: admin, payload: { status: "closed" } })).statusCode).toBe(200);
  const [undelivered] = await server.ctx.db
    .insert(messages)
    .values({ ticketId: waiting.ticketId, connectionId: connection.id, body: "Not sent yet", fromMe: true, dispatchAt: new Date(Date.now() + 60_000) })
    .returning({ id: messages.id });
  return { connection, waiting: waiting.ticketId, resolved: resolved.ticketId, undelivered: undelivered!.id };
}

describe("DELETE /api/whatsapp/:id keeps the history", () => {
  it("keeps the tickets and messages, closes the active ones, and shows the connection's name as it was (its name, not its label: issue 28)", async () => {
    // The first connection is the default one, which goes last.
    await createConnection(server, admin, { label: "Stays", ...routeTo() });
    const { connection, waiting, resolved, undelivered } = await connectionWithHistory("Sales line");
    expect((await server.request({ method: "DELETE", url: `/api/whatsapp/${connection.id}`, token: admin })).json()).toEqual({ ok: true });

    const gone = { id: null, name: "Sales line", label: null, kind: null };
    for (const id of [waiting, resolved]) {
      const shown = (await server.request({ method: "GET", url: `/api/tickets/${id}`, token: admin })).json() as ShowTicketResponse;
      expect(shown.ticket).toMatchObject({ id, status: "closed", whatsappId: null, whatsapp: gone });
    }
    const closedTab = (await server.request({ method: "GET", url: "/api/tickets?status=closed&showAll=true", token: admin })).json() as TicketPage;
    expect(closedTab.tickets.filter((ticket) => ticket.whatsappId === null).map((ticket) => ticket.id).sort()).toEqual([waiting, resolved].sort());

    const history = (await server.request({ method: "GET", url: `/api/messages/${resolved}`, token: admin })).json() as MessagePage;
    expect(history.messages.map((message) => message.body)).toEqual(["Thanks", "You are welcome"]);
    const [failed] = await server.ctx.db.select({ failed: messages.failed, dispatchAt: messages.dispatchAt, connectionId: messages.connectionId }).from(messages).where(eq(messages.id, undelivered));
    expect(failed).toEqual({ failed: true, dispatchAt: null, connectionId: null });

    const report = (await server.request({ method: "GET", url: `/api/reports/tickets?startDate=${today()}`, token: admin })).json() as ReportPage;
    expect(report.tickets.filter((ticket) => ticket.id === waiting || ticket.id === resolved).map((ticket) => ticket.connection)).toEqual([
      { id: null, name: "Sales line" },
      { id: null, name: "Sales line" },
    ]);
  });

  it("answers a catalogued code to writing in such a ticket; it reopens only on another connection", async () => {
    const stays = await createConnection(server, admin, routeTo());
    const { connection, waiting } = await connectionWithHistory("Doomed line");
    expect((await server.request({ method: "DELETE", url: `/api/whatsapp/${connection.id}`, token: admin })).statusCode).toBe(200);

    await expectError(server.request({ method: "POST", url: `/api/messages/${waiting}`, token: admin, payload: { body: "Anyone there?" } }), 403, "ERR_NO_PERMISSION");
    await expectError(server.request({ method: "PUT", url: `/api/tickets/${waiting}`, token: admin, payload: { status: "open", userId: adminId } }), 404, "ERR_NO_WAPP_FOUND");
    const [row] = await server.ctx.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, waiting));
    expect(row?.status).toBe("closed");

    const moved = await server.request({ method: "PUT", url: `/api/tickets/${waiting}`, token: admin, payload: { status: "open", userId: adminId, whatsappId: stays.id } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().ticket).toMatchObject({ status: "open", whatsappId: stays.id, whatsapp: { id: stays.id } });
    expect((await server.request({ method: "POST", url: `/api/messages/${waiting}`, token: admin, payload: { body: "Back on another line" } })).statusCode).toBe(201);
  });

  it("refuses, in the database, an active ticket without a connection", async () => {
    const [kept] = await server.ctx.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.status, "closed")).limit(1);
    const refused = await server.ctx.db
      .update(tickets)
      .set({ connectionId: null, status: "pending" })
      .where(eq(tickets.id, kept!.id))
      .then(() => undefined, databaseError);
    expect(refused).toEqual({ code: "23514", constraint: "tickets_active_connection_check" });
  });
});
