import type { TicketResponse } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, users } from "../../db/schema/index.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectRefused } from "../../test/route-guards.js";
import { seedTeam, seedTicket, type SeedTicket, type Team } from "../../test/ticket-fixtures.js";

let server: TestServer;
let admin: string;
let team: Team;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  team = await seedTeam(server, admin);
});
afterAll(() => server.close());

const seed = (input: Omit<SeedTicket, "connectionId">) => seedTicket(server, { connectionId: team.connection.id, ...input });
const add = (token: string, id: number, participantIds: unknown) => server.request({ method: "POST", url: `/api/tickets/${id}/participant`, token, payload: { participantIds } });
const remove = (token: string, id: number, userId: number) => server.request({ method: "DELETE", url: `/api/tickets/${id}/participant/${userId}`, token });
const namesOf = (response: { json(): unknown }) => (response.json() as TicketResponse).ticket.userTicket.map((p) => p.user.name);

describe("POST /api/tickets/:id/participant", () => {
  it("refuses anonymous callers", async () => {
    await expectRefused(server, [{ method: "POST", url: "/api/tickets/1/participant", payload: { participantIds: [1] } }], anonymous, 401, "ERR_SESSION_EXPIRED");
    await expectRefused(server, [{ method: "DELETE", url: "/api/tickets/1/participant/1" }], anonymous, 401, "ERR_SESSION_EXPIRED");
  });

  it("lets the owner of the open ticket, or an admin, invite active users", async () => {
    const id = await seed({ status: "open", userId: team.alice.id });
    expect((await add(team.bob.token, id, [team.carol.id])).statusCode).toBe(403);
    const invited = await add(team.alice.token, id, [team.bob.id, team.bob.id]);
    expect(invited.statusCode).toBe(200);
    expect(namesOf(invited)).toEqual(["Bob"]);
    expect((await add(team.bob.token, id, [team.carol.id])).statusCode).toBe(403); // a participant does not invite
    expect(namesOf(await add(admin, id, [team.carol.id, team.bob.id]))).toEqual(["Bob", "Carol"]);
  });

  it("refuses an empty list, removed or unknown users, the owner, and tickets not open for the caller", async () => {
    const id = await seed({ status: "open", userId: team.alice.id });
    const gone = await server.createUser();
    await server.ctx.db.update(users).set({ isDeleted: true }).where(eq(users.id, gone.id));
    const cases: [unknown, number, string][] = [
      [[], 400, "ERR_MISSING_VALUES"],
      [[gone.id], 404, "ERR_NO_USER_FOUND"],
      [[999_999], 404, "ERR_NO_USER_FOUND"],
      [[team.alice.id], 400, "ERR_MISSING_VALUES"],
    ];
    for (const [ids, status, code] of cases) {
      const response = await add(team.alice.token, id, ids);
      expect(response.statusCode, JSON.stringify(ids)).toBe(status);
      expect(response.json().error).toBe(code);
    }
    const closed = await seed({ status: "closed", userId: team.alice.id });
    expect((await add(team.alice.token, closed, [team.bob.id])).json().error).toBe("ERR_NO_PERMISSION");
    expect((await add(admin, closed, [team.bob.id])).json().error).toBe("ERR_NO_PERMISSION");
    const waiting = await seed({ status: "pending", queueId: team.queueA.id });
    expect((await add(team.alice.token, waiting, [team.bob.id])).statusCode).toBe(403);
    expect((await add(admin, 999_999, [team.bob.id])).statusCode).toBe(404);
  });
});

describe("DELETE /api/tickets/:id/participant/:userId", () => {
  it("lets a participant leave, the owner or an admin remove one; nobody else", async () => {
    const id = await seed({ status: "open", userId: team.alice.id, participants: [team.bob.id, team.carol.id] });
    const outsider = await server.createUser();
    expect((await remove(outsider.token, id, team.bob.id)).json().error).toBe("ERR_NO_PERMISSION");
    expect((await remove(team.carol.token, id, team.bob.id)).json().error).toBe("ERR_NO_PERMISSION"); // one participant, another
    expect(namesOf(await remove(team.bob.token, id, team.bob.id))).toEqual(["Carol"]);
    expect(namesOf(await remove(team.alice.token, id, team.carol.id))).toEqual([]);
    await add(team.alice.token, id, [team.bob.id]);
    expect(namesOf(await remove(admin, id, team.bob.id))).toEqual([]);
    const missing = await remove(team.alice.token, id, team.bob.id);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe("ERR_NO_USER_FOUND");
  });
});

describe("DELETE /api/tickets/:id", () => {
  it("is for admins only and removes the ticket with its messages", async () => {
    const id = await seed({ status: "open", userId: team.alice.id, messages: ["bye"] });
    await expectRefused(server, [{ method: "DELETE", url: `/api/tickets/${id}` }], anonymous, 401, "ERR_SESSION_EXPIRED");
    await expectRefused(server, [{ method: "DELETE", url: `/api/tickets/${id}` }], team.alice.token, 403, "ERR_NO_PERMISSION");
    expect((await server.request({ method: "DELETE", url: `/api/tickets/${id}`, token: admin })).json()).toEqual({ ok: true });
    await expectRefused(server, [{ method: "GET", url: `/api/tickets/${id}` }], admin, 404, "ERR_NO_TICKET_FOUND");
    await expectRefused(server, [{ method: "DELETE", url: `/api/tickets/${id}` }], admin, 404, "ERR_NO_TICKET_FOUND");
    expect(await server.ctx.db.select().from(messages).where(eq(messages.ticketId, id))).toEqual([]);
  });
});
