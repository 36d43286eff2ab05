import type { Connection, StartConnections } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tickets, users } from "../../db/schema/index.js";
import { createConnection } from "../../test/channel-fixtures.js";
import { createContact } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectRefused } from "../../test/route-guards.js";
import { seedTeam, seedTicket, type Team } from "../../test/ticket-fixtures.js";

/** Which connections attendants may start conversations on (docs/decisions/0041). */
let server: TestServer;
let admin: string;
let team: Team;
/** Routes new customers to Bob's queue only. */
let queueBs: Connection;
/** Routes new customers straight to Alice. */
let alicesOwnRoute: Connection;
/** Alice's linked connection (users.whatsappId), routing to Bob's queue. */
let linked: Connection;
/** Routes to nobody Alice knows; she holds an open ticket there (participant). */
let heldOpen: Connection;
/** Nothing ties Alice to it. */
let unrelated: Connection;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  team = await seedTeam(server, admin); // team.connection: the default, routing to Alice's queue A
  queueBs = await createConnection(server, admin, { destinationType: "queue", destinationItem: team.queueB.id });
  alicesOwnRoute = await createConnection(server, admin, { destinationType: "users", destinationItem: team.alice.id });
  linked = await createConnection(server, admin, { destinationType: "queue", destinationItem: team.queueB.id });
  heldOpen = await createConnection(server, admin, { destinationType: "users", destinationItem: team.bob.id });
  unrelated = await createConnection(server, admin, { destinationType: "users", destinationItem: team.carol.id });
  await server.ctx.db.update(users).set({ whatsappId: linked.id }).where(eq(users.id, team.alice.id));
  await seedTicket(server, { connectionId: heldOpen.id, status: "open", userId: team.bob.id, participants: [team.alice.id] });
  // A closed ticket she owned gives her nothing.
  await seedTicket(server, { connectionId: unrelated.id, status: "closed", userId: team.alice.id });
});
afterAll(() => server.close());

async function offered(token: string): Promise<number[]> {
  const response = await server.request({ method: "GET", url: "/api/tickets/connections", token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as StartConnections).connections.map((connection) => connection.id).sort((a, b) => a - b);
}

const start = (token: string, contactId: number, whatsappId: number) =>
  server.request({ method: "POST", url: "/api/tickets", token, payload: { contactId, whatsappId, status: "open" } });

describe("GET /api/tickets/connections", () => {
  it("refuses anonymous callers", async () => {
    await expectRefused(server, [{ method: "GET", url: "/api/tickets/connections" }], anonymous, 401, "ERR_SESSION_EXPIRED");
  });

  it("offers an attendant their own, the default, their queues', their own route's and their open tickets' connections", async () => {
    expect(await offered(team.alice.token)).toEqual([team.connection.id, alicesOwnRoute.id, linked.id, heldOpen.id].sort((a, b) => a - b));
    // Bob: the default, his queue's two connections, the one routing to him.
    expect(await offered(team.bob.token)).toEqual([team.connection.id, queueBs.id, linked.id, heldOpen.id].sort((a, b) => a - b));
  });

  it("offers admins every connection, with name, label and the default marked", async () => {
    const response = await server.request({ method: "GET", url: "/api/tickets/connections", token: admin });
    const { connections } = response.json() as StartConnections;
    expect(connections.map((c) => c.id).sort((a, b) => a - b)).toEqual(
      [team.connection.id, queueBs.id, alicesOwnRoute.id, linked.id, heldOpen.id, unrelated.id].sort((a, b) => a - b),
    );
    expect(connections.find((c) => c.id === team.connection.id)).toEqual({ id: team.connection.id, name: team.connection.name, label: null, isDefault: true });
  });
});

describe("POST /api/tickets on a chosen connection", () => {
  it("lets an attendant start on a connection they may use", async () => {
    for (const connection of [alicesOwnRoute, linked, heldOpen, team.connection]) {
      const contact = await createContact(server, admin);
      const response = await start(team.alice.token, contact.id, connection.id);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().ticket).toMatchObject({ whatsappId: connection.id, userId: team.alice.id });
    }
  });

  it("refuses another connection with ERR_CONNECTION_NOT_ALLOWED and starts nothing", async () => {
    const contact = await createContact(server, admin);
    for (const connection of [queueBs, unrelated]) {
      const response = await start(team.alice.token, contact.id, connection.id);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe("ERR_CONNECTION_NOT_ALLOWED");
    }
    expect(await server.ctx.db.select().from(tickets).where(eq(tickets.contactId, contact.id))).toEqual([]);
    // Still a missing connection first: 404, whoever asks.
    expect((await start(team.alice.token, contact.id, 999_999)).json().error).toBe("ERR_NO_WAPP_FOUND");
  });

  it("lets admins start on any connection", async () => {
    const contact = await createContact(server, admin);
    const response = await start(admin, contact.id, unrelated.id);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().ticket).toMatchObject({ whatsappId: unrelated.id });
  });
});
