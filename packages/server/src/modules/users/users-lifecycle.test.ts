import type { CreateUserBody, MessagePage } from "@atendo/contracts";
import { limits } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { ADMIN, createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectRefused } from "../../test/route-guards.js";
import { seedTicket } from "../../test/ticket-fixtures.js";

let server: TestServer;
let admin: string;
let attendant: { id: number; token: string };
let seq = 0;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  attendant = await server.createUser();
});
afterAll(() => server.close());

function newUser(input: Partial<CreateUserBody> = {}): CreateUserBody {
  const n = ++seq;
  return { name: `Person ${n}`, email: `person${n}@life.test`, password: "password-1", ...input };
}

function post(payload: object, token = admin) {
  return server.request({ method: "POST", url: "/api/users", token, payload });
}

function del(id: number, token = admin) {
  return server.request({ method: "DELETE", url: `/api/users/${id}`, token });
}

describe("POST /api/users", () => {
  it("rejects anonymous users and attendants", async () => {
    const calls = [{ method: "POST", url: "/api/users", payload: newUser() }] as const;
    await expectRefused(server, calls, anonymous, 401, "ERR_SESSION_EXPIRED");
    await expectRefused(server, calls, attendant.token, 403, "ERR_NO_PERMISSION");
  });

  it("creates a user who can then sign in, with the profile defaulting to user", async () => {
    const body = newUser({ extension: "4321", canSeeAllTicketHistory: true });
    const response = await post(body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: body.name,
      email: body.email,
      profile: "user",
      extension: "4321",
      whatsappId: null,
      whatsapp: null,
      queues: [],
      canSeeAllTicketHistory: true,
      isDeleted: false,
    });
    expect((await server.login(body.email, body.password)).user.id).toBe(response.json().id);
  });

  it("checks the name 2–50 at and past each bound", async () => {
    const { min, max } = limits.name;
    expect((await post(newUser({ name: "x".repeat(min - 1) }))).statusCode).toBe(400);
    expect((await post(newUser({ name: "x".repeat(min) }))).statusCode).toBe(201);
    expect((await post(newUser({ name: "x".repeat(max) }))).statusCode).toBe(201);
    expect((await post(newUser({ name: "x".repeat(max + 1) }))).json().error).toBe("ERR_MISSING_VALUES");
  });

  it("checks the password 8–50 at and past each bound, and requires it", async () => {
    const { min, max } = limits.userPassword;
    expect((await post(newUser({ password: "p".repeat(min - 1) }))).statusCode).toBe(400);
    expect((await post(newUser({ password: "p".repeat(min) }))).statusCode).toBe(201);
    expect((await post(newUser({ password: "p".repeat(max) }))).statusCode).toBe(201);
    expect((await post(newUser({ password: "p".repeat(max + 1) }))).statusCode).toBe(400);
    const { password: _omitted, ...withoutPassword } = newUser();
    expect((await post(withoutPassword)).statusCode).toBe(400);
  });

  it("checks the extension 3–5 digits, optional", async () => {
    expect((await post(newUser({ extension: "12" }))).statusCode).toBe(400);
    expect((await post(newUser({ extension: "123" }))).json().extension).toBe("123");
    expect((await post(newUser({ extension: "12345" }))).json().extension).toBe("12345");
    expect((await post(newUser({ extension: "123456" }))).statusCode).toBe(400);
    expect((await post(newUser({ extension: "12a" }))).statusCode).toBe(400);
    expect((await post(newUser({ extension: "" }))).json().extension).toBeNull();
  });

  it("refuses an invalid or accented email and an unknown profile", async () => {
    expect((await post(newUser({ email: "not-an-email" }))).statusCode).toBe(400);
    expect((await post(newUser({ email: "joão@life.test" }))).statusCode).toBe(400);
    expect((await post({ ...newUser(), profile: "root" })).statusCode).toBe(400);
  });

  it("refuses an email in use by an active user, whatever its case", async () => {
    const response = await post(newUser({ email: ADMIN.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe("ERR_EMAIL_ALREADY_EXISTS");
  });

  it("refuses an extension in use by another active user", async () => {
    expect((await post(newUser({ extension: "777" }))).statusCode).toBe(201);
    const response = await post(newUser({ extension: "777" }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe("ERR_EXTENSION_ALREADY_EXISTS");
  });

  it("refuses an unknown queue and creates nothing", async () => {
    const body = newUser({ queueIds: [999_999] });
    const response = await post(body);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe("ERR_QUEUE_NOT_FOUND");
    const found = await server.request({ method: "GET", url: `/api/users/search/items?email=${body.email}`, token: admin });
    expect(found.json().user).toBeNull();
  });
});

describe("DELETE /api/users/:id", () => {
  it("rejects anonymous users and attendants, removing no one", async () => {
    const target = await server.createUser();
    const calls = [{ method: "DELETE", url: `/api/users/${target.id}` }] as const;
    await expectRefused(server, calls, anonymous, 401, "ERR_SESSION_EXPIRED");
    await expectRefused(server, calls, attendant.token, 403, "ERR_NO_PERMISSION");
    expect((await server.request({ method: "GET", url: `/api/users/${target.id}`, token: admin })).json().isDeleted).toBe(false);
  });

  it("never removes the last active admin, even by their own hand", async () => {
    const me = (await server.login(ADMIN.email, ADMIN.password)).user;
    const response = await del(me.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe("ERR_LAST_ADMIN");
  });

  it("soft-deletes: the record stays, sign-in and live tokens stop, the list drops it", async () => {
    const target = await server.createUser({ name: "Soon Gone" });
    expect((await del(target.id)).json()).toEqual({ ok: true });
    const record = await server.request({ method: "GET", url: `/api/users/${target.id}`, token: admin });
    expect(record.json()).toMatchObject({ id: target.id, name: "Soon Gone", isDeleted: true });
    expect((await server.request({ method: "GET", url: `/api/users/${target.id}`, token: target.token })).statusCode).toBe(401);
    const login = await server.request({ method: "POST", url: "/api/auth/login", payload: { email: target.email, password: target.password } });
    expect(login.json().error).toBe("ERR_INVALID_CREDENTIALS");
    const listed = await server.request({ method: "GET", url: "/api/users?searchParam=soon%20gone", token: admin });
    expect(listed.json().users).toEqual([]);
  });

  it("keeps the removed user's tickets and the messages they sent", async () => {
    const target = await server.createUser({ name: "Leaving Agent" });
    const queue = await createQueue(server, admin);
    const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
    const ticketId = await seedTicket(server, { connectionId: connection.id, status: "open", userId: target.id, messages: ["Hello there"] });
    const sent = await server.request({ method: "POST", url: `/api/messages/${ticketId}`, token: target.token, payload: { body: "On my way" } });
    expect(sent.statusCode).toBe(201);

    expect((await del(target.id)).statusCode).toBe(200);

    const shown = await server.request({ method: "GET", url: `/api/tickets/${ticketId}`, token: admin });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().ticket).toMatchObject({ id: ticketId, userId: target.id, user: { id: target.id, name: "Leaving Agent" } });
    const page = (await server.request({ method: "GET", url: `/api/messages/${ticketId}`, token: admin })).json() as MessagePage;
    expect(page.messages.map((m) => [m.body, m.fromMe, m.userId])).toEqual([
      ["Hello there", false, null],
      ["On my way", true, target.id],
    ]);
  });

  it("lets an admin remove another admin while one remains", async () => {
    const other = await server.createUser({ profile: "admin" });
    expect((await del(other.id)).statusCode).toBe(200);
    expect((await server.request({ method: "GET", url: "/api/users/1", token: other.token })).statusCode).toBe(401);
  });

  it("answers ERR_NO_USER_FOUND for a missing id", async () => {
    const response = await del(999_999);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe("ERR_NO_USER_FOUND");
  });
});

describe("re-enabling a soft-deleted user", () => {
  it("answers ERR_USER_DELETED_EXISTS, then PUT isDeleted false reactivates with the form's fields", async () => {
    const first = newUser({ extension: "5005" });
    const created = (await post(first)).json();
    const oldSession = await server.login(first.email, first.password);
    await del(created.id);

    const again = await post({ ...first, name: "Back Again", password: "brand-new-pass" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("ERR_USER_DELETED_EXISTS");
    const found = (await server.request({ method: "GET", url: `/api/users/search/items?email=${first.email}`, token: admin })).json();
    expect(found.user).toMatchObject({ id: created.id, isDeleted: true });

    const enabled = await server.request({
      method: "PUT",
      url: `/api/users/${found.user.id}`,
      token: admin,
      payload: { name: "Back Again", email: first.email, password: "brand-new-pass", extension: "5005", profile: "user", isDeleted: false },
    });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ id: created.id, name: "Back Again", isDeleted: false });
    expect((await server.login(first.email, "brand-new-pass")).user.id).toBe(created.id);
    // Sessions ended by the removal stay ended.
    expect((await server.request({ method: "GET", url: `/api/users/${created.id}`, token: oldSession.token })).statusCode).toBe(401);
  });

  it("refuses to re-enable when an active user took the email meanwhile", async () => {
    const gone = (await post(newUser())).json();
    await del(gone.id);
    const taker = (await post(newUser())).json();
    const take = await server.request({ method: "PUT", url: `/api/users/${taker.id}`, token: admin, payload: { email: gone.email } });
    expect(take.statusCode).toBe(200);
    const response = await server.request({ method: "PUT", url: `/api/users/${gone.id}`, token: admin, payload: { isDeleted: false } });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe("ERR_EMAIL_ALREADY_EXISTS");
  });

  it("frees a removed user's extension for others", async () => {
    const gone = (await post(newUser({ extension: "9090" }))).json();
    await del(gone.id);
    expect((await post(newUser({ extension: "9090" }))).statusCode).toBe(201);
  });
});
