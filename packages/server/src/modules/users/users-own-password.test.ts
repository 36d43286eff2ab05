import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestServer, type TestServer } from "../../test/harness.js";

// Changing one's own password asks for the current one (issue 11): a session left open on a
// shared computer, or a stolen access token, must not be enough to take the account over.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const change = (token: string, id: number, payload: object, ip = "10.20.0.1") =>
  server.app.inject({ method: "PUT", url: `/api/users/${id}`, headers: { authorization: `Bearer ${token}` }, payload, remoteAddress: ip });

async function canSignIn(email: string, password: string): Promise<boolean> {
  const response = await server.request({ method: "POST", url: "/api/auth/login", payload: { email, password } });
  return response.statusCode === 200;
}

describe("PUT /api/users/:id with a new password for oneself", () => {
  it("is refused without the current password, or with a wrong one, and the password stays", async () => {
    const user = await server.createUser();
    for (const payload of [{ password: "taken-over-1" }, { password: "taken-over-1", currentPassword: "not-my-password" }]) {
      const response = await change(user.token, user.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(403);
      expect(response.json().error).toBe("ERR_WRONG_CURRENT_PASSWORD");
    }
    expect(await canSignIn(user.email, "taken-over-1")).toBe(false);
    expect(await canSignIn(user.email, user.password)).toBe(true);
  });

  it("is accepted with the current password", async () => {
    const user = await server.createUser();
    const response = await change(user.token, user.id, { password: "my-new-password", currentPassword: user.password });
    expect(response.statusCode).toBe(200);
    expect(await canSignIn(user.email, "my-new-password")).toBe(true);
  });

  it("asks an admin for their own current password too", async () => {
    const { token, user: me } = await server.login(ADMIN.email, ADMIN.password);
    const refused = await change(token, me.id, { name: me.name, password: "admin-new-password" });
    expect(refused.json().error).toBe("ERR_WRONG_CURRENT_PASSWORD");
    // Other fields of one's own profile need no password.
    expect((await change(token, me.id, { name: me.name, extension: "4321" })).statusCode).toBe(200);
    const accepted = await change(token, me.id, { password: ADMIN.password, currentPassword: ADMIN.password });
    expect(accepted.statusCode).toBe(200);
  });

  it("does not ask an admin setting another user's password", async () => {
    const user = await server.createUser();
    const response = await change(await server.adminToken(), user.id, { password: "set-by-admin-1" });
    expect(response.statusCode).toBe(200);
    expect(await canSignIn(user.email, "set-by-admin-1")).toBe(true);
  });

  it("limits wrong guesses like sign-in does: after five, even the right password waits", async () => {
    const user = await server.createUser();
    for (let i = 0; i < 5; i++) {
      expect((await change(user.token, user.id, { password: "guessing-pass", currentPassword: `guess-${i}` }, "10.20.0.9")).statusCode).toBe(403);
    }
    const blocked = await change(user.token, user.id, { password: "guessing-pass", currentPassword: user.password }, "10.20.0.9");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe("ERR_TOO_MANY_LOGIN_ATTEMPTS");
    expect(await canSignIn(user.email, user.password)).toBe(true);
  });
});
