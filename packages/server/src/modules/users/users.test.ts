import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQueue } from "../../test/fixtures.js";
import { ADMIN, createTestServer, type TestServer } from "../../test/harness.js";

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
});
afterAll(() => server.close());

describe("GET /api/users/:id", () => {
  it("rejects anonymous users", async () => {
    expect((await server.request({ method: "GET", url: "/api/users/1" })).statusCode).toBe(401);
  });

  it("lets a user read themselves but not someone else", async () => {
    const a = await server.createUser();
    const b = await server.createUser();
    expect((await server.request({ method: "GET", url: `/api/users/${a.id}`, token: a.token })).json().email).toBe(a.email);
    const other = await server.request({ method: "GET", url: `/api/users/${b.id}`, token: a.token });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe("ERR_NO_PERMISSION");
  });

  it("lets an admin read anyone and answers ERR_NO_USER_FOUND for a missing id", async () => {
    const a = await server.createUser();
    expect((await server.request({ method: "GET", url: `/api/users/${a.id}`, token: admin })).statusCode).toBe(200);
    const missing = await server.request({ method: "GET", url: "/api/users/999999", token: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe("ERR_NO_USER_FOUND");
    expect((await server.request({ method: "GET", url: "/api/users/abc", token: admin })).statusCode).toBe(400);
  });
});

describe("PUT /api/users/:id", () => {
  it("rejects anonymous users with 401 ERR_SESSION_EXPIRED and changes nothing", async () => {
    const user = await server.createUser();
    const response = await server.request({ method: "PUT", url: `/api/users/${user.id}`, payload: { password: "anonymous-pass" } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe("ERR_SESSION_EXPIRED");
    expect((await server.login(user.email, user.password)).user.id).toBe(user.id);
  });

  it("lets an attendant change their own password, keeping this session and ending others", async () => {
    const user = await server.createUser();
    const elsewhere = await server.login(user.email, user.password);
    const response = await server.request({
      method: "PUT",
      url: `/api/users/${user.id}`,
      token: user.token,
      payload: { name: (await server.request({ method: "GET", url: `/api/users/${user.id}`, token: user.token })).json().name, email: user.email, password: "a-new-password", currentPassword: user.password },
    });
    expect(response.statusCode).toBe(200);
    expect((await server.login(user.email, "a-new-password")).user.id).toBe(user.id);
    expect((await server.request({ method: "GET", url: `/api/users/${user.id}`, token: user.token })).statusCode).toBe(200);
    expect((await server.request({ method: "GET", url: `/api/users/${user.id}`, token: elsewhere.token })).statusCode).toBe(401);
  });

  it("refuses an attendant changing their name, email or profile", async () => {
    const user = await server.createUser();
    for (const payload of [{ name: "Someone Else" }, { email: "else@atendo.test" }, { profile: "admin" }]) {
      const response = await server.request({ method: "PUT", url: `/api/users/${user.id}`, token: user.token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(403);
      expect(response.json().error).toBe("ERR_NO_PERMISSION");
    }
  });

  it("refuses an attendant editing another user's profile", async () => {
    const a = await server.createUser();
    const b = await server.createUser();
    const response = await server.request({ method: "PUT", url: `/api/users/${b.id}`, token: a.token, payload: { password: "hijacked-pass" } });
    expect(response.statusCode).toBe(403);
  });

  it("validates the password minimum of 8 and the extension 3–5", async () => {
    const user = await server.createUser();
    const url = `/api/users/${user.id}`;
    expect((await server.request({ method: "PUT", url, token: admin, payload: { password: "1234567" } })).statusCode).toBe(400);
    expect((await server.request({ method: "PUT", url, token: admin, payload: { password: "12345678" } })).statusCode).toBe(200);
    expect((await server.request({ method: "PUT", url, token: admin, payload: { extension: "12" } })).statusCode).toBe(400);
    expect((await server.request({ method: "PUT", url, token: admin, payload: { extension: "123456" } })).statusCode).toBe(400);
    expect((await server.request({ method: "PUT", url, token: admin, payload: { extension: "123" } })).json().extension).toBe("123");
  });

  it("refuses an email with accented letters and one already in use", async () => {
    const user = await server.createUser();
    const url = `/api/users/${user.id}`;
    expect((await server.request({ method: "PUT", url, token: admin, payload: { email: "joão@atendo.test" } })).statusCode).toBe(400);
    const taken = await server.request({ method: "PUT", url, token: admin, payload: { email: ADMIN.email } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe("ERR_EMAIL_ALREADY_EXISTS");
  });

  it("never leaves the system without an active admin", async () => {
    const me = (await server.login(ADMIN.email, ADMIN.password)).user;
    const demote = await server.request({ method: "PUT", url: `/api/users/${me.id}`, token: admin, payload: { profile: "user" } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toBe("ERR_LAST_ADMIN");
    const remove = await server.request({ method: "PUT", url: `/api/users/${me.id}`, token: admin, payload: { isDeleted: true } });
    expect(remove.json().error).toBe("ERR_LAST_ADMIN");
  });
});

describe("a user's queues", () => {
  it("are replaced by PUT queueIds and shown as {id, name, color} by name", async () => {
    const user = await server.createUser();
    const support = await createQueue(server, admin, { name: "Support", color: "#112233" });
    const billing = await createQueue(server, admin, { name: "billing", color: "#445566" });
    const url = `/api/users/${user.id}`;
    const both = await server.request({ method: "PUT", url, token: admin, payload: { queueIds: [support.id, billing.id, support.id] } });
    expect(both.json().queues).toEqual([
      { id: billing.id, name: "billing", color: "#445566" },
      { id: support.id, name: "Support", color: "#112233" },
    ]);
    const one = await server.request({ method: "PUT", url, token: admin, payload: { queueIds: [support.id] } });
    expect(one.json().queues.map((q: { id: number }) => q.id)).toEqual([support.id]);
    const unknown = await server.request({ method: "PUT", url, token: admin, payload: { queueIds: [999_999] } });
    expect(unknown.json().error).toBe("ERR_QUEUE_NOT_FOUND");
    expect((await server.request({ method: "GET", url, token: admin })).json().queues).toHaveLength(1);
  });

  it("appear for every user of a list page and in the sign-in response", async () => {
    const queue = await createQueue(server, admin, { name: "Listed Queue" });
    const a = await server.createUser({ name: "Queued Alpha" });
    const b = await server.createUser({ name: "Queued Beta" });
    for (const id of [a.id, b.id]) {
      await server.request({ method: "PUT", url: `/api/users/${id}`, token: admin, payload: { queueIds: [queue.id] } });
    }
    const page = (await server.request({ method: "GET", url: "/api/users?searchParam=queued", token: admin })).json();
    expect(page.users.map((u: { queues: { id: number }[] }) => u.queues.map((q) => q.id))).toEqual([[queue.id], [queue.id]]);
    expect((await server.login(a.email, a.password)).user.queues).toEqual([{ id: queue.id, name: "Listed Queue", color: queue.color }]);
  });

  it("may be sent back unchanged by an attendant, but not changed", async () => {
    const user = await server.createUser();
    const queue = await createQueue(server, admin);
    const url = `/api/users/${user.id}`;
    await server.request({ method: "PUT", url, token: admin, payload: { queueIds: [queue.id] } });
    const same = await server.request({ method: "PUT", url, token: user.token, payload: { queueIds: [queue.id], password: "another-pass", currentPassword: user.password } });
    expect(same.statusCode).toBe(200);
    const changed = await server.request({ method: "PUT", url, token: user.token, payload: { queueIds: [] } });
    expect(changed.statusCode).toBe(403);
    expect(changed.json().error).toBe("ERR_NO_PERMISSION");
  });
});
