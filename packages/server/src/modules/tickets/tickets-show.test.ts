import type { MessagePage, ShowTicketResponse, TicketHistory } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectRefused } from "../../test/route-guards.js";
import { seedTeam, seedTicket, type SeedTicket, type Team } from "../../test/ticket-fixtures.js";

let server: TestServer;
let admin: string;
let team: Team;
let historian: Awaited<ReturnType<TestServer["createUser"]>>;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  team = await seedTeam(server, admin);
  historian = await server.createUser({ name: "Historian" });
  await server.ctx.db.update(users).set({ canSeeAllTicketHistory: true }).where(eq(users.id, historian.id));
});
afterAll(() => server.close());

const seed = (input: Omit<SeedTicket, "connectionId">) => seedTicket(server, { connectionId: team.connection.id, ...input });

async function show(token: string, id: number): Promise<ShowTicketResponse> {
  const response = await server.request({ method: "GET", url: `/api/tickets/${id}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ShowTicketResponse;
}

describe("GET /api/tickets/:id", () => {
  it("refuses anonymous callers and answers 404 for an unknown ticket", async () => {
    await expectRefused(server, [{ method: "GET", url: "/api/tickets/1" }], anonymous, 401, "ERR_SESSION_EXPIRED");
    await expectRefused(server, [{ method: "GET", url: "/api/tickets/999999" }], admin, 404, "ERR_NO_TICKET_FOUND");
  });

  it("gives who may see it the whole ticket, and others only its summary", async () => {
    const id = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id, contactName: "Private Person", messages: ["secret"] });
    expect(await show(team.alice.token, id)).toMatchObject({ hasPermission: true, ticket: { id, contact: { name: "Private Person" }, lastMessage: "secret" } });
    expect(await show(admin, id)).toMatchObject({ hasPermission: true });
    expect(await show(team.bob.token, id)).toEqual({
      hasPermission: false,
      ticket: { id, status: "open", userId: team.alice.id, user: { id: team.alice.id, name: "Alice" }, queueId: team.queueA.id, queue: expect.objectContaining({ id: team.queueA.id }) },
    });
  });

  it("lets a user with canSeeAllTicketHistory open anyone's closed ticket and its messages, not an active one", async () => {
    const closed = await seed({ status: "closed", userId: team.alice.id, messages: ["old talk"] });
    const open = await seed({ status: "open", userId: team.alice.id });
    expect((await show(historian.token, closed)).hasPermission).toBe(true);
    expect((await show(historian.token, open)).hasPermission).toBe(false);
    expect((await show(team.bob.token, closed)).hasPermission).toBe(false);
    const page = await server.request({ method: "GET", url: `/api/messages/${closed}`, token: historian.token });
    expect((page.json() as MessagePage).messages.map((m) => m.body)).toEqual(["old talk"]);
  });

  it("is not confused with /api/tickets/count and /api/tickets/history", async () => {
    const count = await server.request({ method: "GET", url: `/api/tickets/count?whatsappId=${team.connection.id}`, token: admin });
    expect(count.statusCode).toBe(200);
    expect(count.json()).toEqual({ count: expect.any(Number) });
    const history = await server.request({ method: "GET", url: "/api/tickets/history", token: admin });
    expect(history.json().error).toBe("ERR_MISSING_VALUES");
  });
});

describe("GET /api/tickets/history", () => {
  async function history(token: string, ticketId: number, contactId: number) {
    return server.request({ method: "GET", url: `/api/tickets/history?ticketId=${ticketId}&contactId=${contactId}`, token });
  }

  it("lists the contact's other tickets, newest first, as far as the caller may open them", async () => {
    const first = await seed({ status: "closed", userId: team.alice.id });
    const { contactId } = (await show(admin, first)).ticket as { contactId: number };
    const bobs = await seed({ contactId, status: "closed", userId: team.bob.id });
    const withAlice = await seed({ contactId, status: "closed", userId: team.bob.id, participants: [team.alice.id] });
    const current = await seed({ contactId, status: "open", userId: team.alice.id });
    const ids = async (token: string) => ((await history(token, current, contactId)).json() as TicketHistory).tickets.map((t) => t.id);

    expect(await ids(team.alice.token)).toEqual([withAlice, first]);
    expect(await ids(admin)).toEqual([withAlice, bobs, first]);
    await expectRefused(server, [{ method: "GET", url: `/api/tickets/history?ticketId=${current}&contactId=${contactId}` }], historian.token, 403, "ERR_NO_PERMISSION");
    expect(((await history(historian.token, first, contactId)).json() as TicketHistory).tickets.map((t) => t.id)).toEqual([withAlice, bobs]);
  });

  it("refuses a ticket that is not the contact's, or one the caller may not see", async () => {
    const id = await seed({ status: "open", userId: team.alice.id });
    const other = await seed({ status: "open", userId: team.alice.id });
    const { contactId } = (await show(admin, other)).ticket as { contactId: number };
    expect((await history(team.alice.token, id, contactId)).json().error).toBe("ERR_NO_TICKET_FOUND");
    const { contactId: own } = (await show(admin, id)).ticket as { contactId: number };
    expect((await history(team.bob.token, id, own)).statusCode).toBe(403);
  });
});
