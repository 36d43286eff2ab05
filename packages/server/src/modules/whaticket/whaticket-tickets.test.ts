import type { Ticket, WhaticketConnection } from "@atendo/contracts";
import { refreshCookieName } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection } from "../../test/channel-fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectRefused } from "../../test/route-guards.js";
import { seedTeam, seedTicket, type SeedTicket, type Team } from "../../test/ticket-fixtures.js";

/**
 * The Whaticket dialect over HTTP (decision 0066): the calls the Whaticket web client makes under
 * /whaticket answer its shapes, with Atendo's permission checks; its other calls are /api's.
 */
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
const call = (method: "GET" | "POST" | "PUT", url: string, token: string | undefined, payload?: object) =>
  server.request({ method, url: `/whaticket${url}`, token, ...(payload ? { payload } : {}) });

async function bare(method: "GET" | "POST" | "PUT", url: string, token: string, payload?: object): Promise<Ticket> {
  const response = await call(method, url, token, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as Ticket;
}

describe("the dialect's own calls", () => {
  it("refuses anonymous callers like /api does", async () => {
    const calls = ["/tickets/1", "/whatsapp", "/whatsapp/1", "/users", "/messages/1"].map((url) => ({ method: "GET" as const, url: `/whaticket${url}` }));
    await expectRefused(server, [...calls, { method: "POST", url: "/whaticket/tickets" }, { method: "PUT", url: "/whaticket/tickets/1" }], anonymous, 401, "ERR_SESSION_EXPIRED");
  });

  it("GET /tickets/{id} answers the bare ticket, and refuses one the caller may not see", async () => {
    const id = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id, contactName: "Bare Person", messages: ["hello"] });
    expect(await bare("GET", `/tickets/${id}`, team.alice.token)).toMatchObject({ id, status: "open", contact: { name: "Bare Person" }, lastMessage: "hello" });
    expect(await bare("GET", `/tickets/${id}`, admin)).toMatchObject({ id });
    const refused = await call("GET", `/tickets/${id}`, team.bob.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(refused.body).not.toContain("Bare Person");
    // Atendo's own call keeps its wrapped answer.
    expect((await server.request({ method: "GET", url: `/api/tickets/${id}`, token: team.alice.token })).json()).toMatchObject({ hasPermission: true, ticket: { id } });
  });

  it("POST /tickets opens the bare ticket as the client sends it; another's open ticket is ERR_OTHER_OPEN_TICKET", async () => {
    const contactId = (await bare("GET", `/tickets/${await seed({ status: "closed", userId: team.alice.id })}`, admin)).contactId;
    const created = await call("POST", "/tickets", team.alice.token, { contactId, userId: team.alice.id, status: "open" });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ contactId, status: "open", userId: team.alice.id, contact: { id: contactId } });
    const again = await call("POST", "/tickets", team.alice.token, { contactId, userId: team.alice.id, status: "open" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: created.json().id });
    const bobs = await call("POST", "/tickets", team.bob.token, { contactId, userId: team.bob.id, status: "open" });
    expect(bobs.statusCode).toBe(409);
    expect(bobs.json()).toMatchObject({ error: "ERR_OTHER_OPEN_TICKET", message: expect.stringContaining("Alice") });
  });

  it("PUT /tickets/{id}: accept and resolve as the client sends them, answering the bare ticket", async () => {
    const id = await seed({ status: "pending", queueId: team.queueA.id });
    expect(await bare("PUT", `/tickets/${id}`, team.alice.token, { status: "open", userId: team.alice.id })).toMatchObject({ id, status: "open", userId: team.alice.id });
    // An admin resolving names themself as the user; the owner stays (the /api call refuses that body).
    const body = { status: "closed", userId: (await server.login("admin@atendo.test", "admin-password")).user.id };
    expect((await server.request({ method: "PUT", url: `/api/tickets/${id}`, token: admin, payload: body })).statusCode).toBe(400);
    expect(await bare("PUT", `/tickets/${id}`, admin, body)).toMatchObject({ id, status: "closed", userId: team.alice.id });
  });

  it("PUT /tickets/{id}: a transfer naming the ticket's own connection is no move, for an attendant too", async () => {
    const id = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id });
    const transfer = { userId: team.bob.id, queueId: team.queueB.id, whatsappId: team.connection.id };
    expect((await server.request({ method: "PUT", url: `/api/tickets/${id}`, token: team.alice.token, payload: transfer })).json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await bare("PUT", `/tickets/${id}`, team.alice.token, transfer)).toMatchObject({ id, userId: team.bob.id, queueId: team.queueB.id, whatsappId: team.connection.id });
    // Alice no longer sees it: the dialect refuses her what /api would only summarise.
    expect((await call("GET", `/tickets/${id}`, team.alice.token)).statusCode).toBe(403);
  });

  it("PUT /tickets/{id}: another connection stays an admin's move", async () => {
    const other = await createConnection(server, admin, { destinationType: "queue", destinationItem: team.queueA.id });
    const id = await seed({ status: "open", userId: team.bob.id, queueId: team.queueB.id });
    const refused = await call("PUT", `/tickets/${id}`, team.bob.token, { userId: team.alice.id, whatsappId: other.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await bare("PUT", `/tickets/${id}`, admin, { userId: team.alice.id, whatsappId: other.id })).toMatchObject({ id, userId: team.alice.id, whatsappId: other.id });
  });

  it("GET /whatsapp: attendants read the connections they may use by id, name and status; admins get queues", async () => {
    const mine = await call("GET", "/whatsapp/", team.alice.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toContainEqual({ id: team.connection.id, name: team.connection.name, status: team.connection.status });
    for (const entry of mine.json() as object[]) expect(Object.keys(entry).sort()).toEqual(["id", "name", "status"]);
    const all = (await call("GET", "/whatsapp", admin)).json() as WhaticketConnection[];
    expect(all.find((c) => c.id === team.connection.id)).toMatchObject({ kind: "api", queues: [{ id: team.queueA.id, name: team.queueA.name, color: team.queueA.color }] });
    // Atendo's own connection routes stay admin-only.
    expect((await server.request({ method: "GET", url: "/api/whatsapp", token: team.alice.token })).statusCode).toBe(403);
  });

  it("GET /whatsapp/{id} carries queues (admins), and stays refused to attendants", async () => {
    expect((await call("GET", `/whatsapp/${team.connection.id}`, admin)).json()).toMatchObject({ id: team.connection.id, queues: [{ id: team.queueA.id }] });
    expect((await call("GET", `/whatsapp/${team.connection.id}`, team.alice.token)).json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
  });

  it("GET /users: an attendant's transfer search gets colleagues by id and name; admins the full records", async () => {
    const found = await call("GET", "/users/?searchParam=Bob", team.alice.token);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({ users: [{ id: team.bob.id, name: "Bob", email: team.bob.email }], hasMore: false });
    expect((await call("GET", "/users?searchParam=Bob", admin)).json()).toMatchObject({ users: [{ id: team.bob.id, profile: "user", queues: [{ id: team.queueB.id }] }] });
    expect((await server.request({ method: "GET", url: "/api/users", token: team.alice.token })).statusCode).toBe(403);
  });
});

describe("every other call is Atendo's /api call", () => {
  it("lists, counts and the static ticket routes beside /tickets/{id}", async () => {
    const id = await seed({ status: "pending", queueId: team.queueA.id });
    const list = await call("GET", `/tickets?status=pending&showAll=false&queueIds=${encodeURIComponent(JSON.stringify([team.queueA.id]))}&pageNumber=1`, team.alice.token);
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { tickets: Ticket[] }).tickets.map((t) => t.id)).toContain(id);
    expect((await call("GET", `/tickets/count?whatsappId=${team.connection.id}`, admin)).json()).toEqual({ count: expect.any(Number) });
    expect((await call("GET", "/queue", team.alice.token)).statusCode).toBe(200);
    expect((await call("GET", "/no-such-call", admin)).json()).toMatchObject({ error: "ERR_NOT_FOUND" });
  });

  it("signs in, and keeps the session with the refresh cookie at /whaticket/auth", async () => {
    const login = await server.request({ method: "POST", url: "/whaticket/auth/login", payload: { email: team.carol.email, password: team.carol.password } });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = login.cookies.find((c) => c.name === refreshCookieName && c.path === "/whaticket/auth");
    expect(cookie?.httpOnly).toBe(true);
    const refreshed = await server.request({ method: "POST", url: "/whaticket/auth/refresh_token", cookies: { [refreshCookieName]: cookie?.value ?? "" } });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toMatchObject({ token: expect.any(String), user: { id: team.carol.id } });
  });
});
