import { refreshCookieName } from "@atendo/contracts";
import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestServer, type TestServer } from "../../test/harness.js";
import { waitFor } from "../../test/wait-for.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const refreshWith = (cookie: string) =>
  server.request({ method: "POST", url: "/api/auth/refresh_token", cookies: { [refreshCookieName]: cookie } });

describe("POST /api/auth/login", () => {
  it("returns a token, the user and an httpOnly SameSite=Strict refresh cookie", async () => {
    const response = await server.request({ method: "POST", url: "/api/auth/login", payload: ADMIN });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ email: ADMIN.email, profile: "admin", isDeleted: false });
    expect(body.user).not.toHaveProperty("passwordHash");
    const cookie = response.cookies.find((c) => c.name === refreshCookieName);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/auth" });
  });

  it("accepts the email in any case", async () => {
    const response = await server.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: ADMIN.email.toUpperCase(), password: ADMIN.password },
    });
    expect(response.statusCode).toBe(200);
  });

  it("refuses a wrong password and an unknown email alike", async () => {
    for (const payload of [
      { email: ADMIN.email, password: "wrong-password" },
      { email: "nobody@atendo.test", password: "whatever1" },
    ]) {
      const response = await server.request({ method: "POST", url: "/api/auth/login", payload });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe("ERR_INVALID_CREDENTIALS");
    }
  });

  it("refuses a malformed body with a catalogued 400", async () => {
    const response = await server.request({ method: "POST", url: "/api/auth/login", payload: { email: "not-an-email" } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("ERR_MISSING_VALUES");
  });

  it("refuses a soft-deleted user", async () => {
    const user = await server.createUser();
    const token = await server.adminToken();
    const del = await server.request({ method: "PUT", url: `/api/users/${user.id}`, token, payload: { isDeleted: true } });
    expect(del.statusCode).toBe(200);
    const response = await server.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: user.password },
    });
    expect(response.json().error).toBe("ERR_INVALID_CREDENTIALS");
    // Their existing token stops working too.
    const me = await server.request({ method: "GET", url: `/api/users/${user.id}`, token: user.token });
    expect(me.statusCode).toBe(401);
  });

  it("limits failed attempts per email and address without locking out the right password elsewhere", async () => {
    const user = await server.createUser();
    const attempt = (password: string, ip = "10.0.0.1") =>
      server.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password }, remoteAddress: ip });
    for (let i = 0; i < 5; i++) expect((await attempt("wrong-password")).statusCode).toBe(401);
    const blocked = await attempt(user.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe("ERR_TOO_MANY_LOGIN_ATTEMPTS");
    expect((await attempt(user.password, "10.0.0.2")).statusCode).toBe(200);
  });

  it("limits failed attempts from one address whatever the email, but not successful ones", async () => {
    const user = await server.createUser();
    const login = (email: string, password: string) =>
      server.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress: "10.9.9.9" });
    // An office behind one address: many good sign-ins are never refused.
    for (let i = 0; i < 40; i++) expect((await login(user.email, user.password)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await login(`spray${i}@atendo.test`, "x")).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("limits failed attempts for one email across many addresses", async () => {
    const user = await server.createUser();
    const attempt = (password: string, ip: string) =>
      server.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password }, remoteAddress: ip });
    // Four failures from each of five addresses: under every per-address limit, 20 for the email.
    for (let i = 0; i < 20; i++) expect((await attempt("wrong-password", `10.1.0.${i % 5}`)).statusCode).toBe(401);
    const blocked = await attempt(user.password, "10.1.0.99");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe("ERR_TOO_MANY_LOGIN_ATTEMPTS");
    // Another account from the same addresses is untouched.
    const other = await server.createUser();
    const fine = await server.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: other.email, password: other.password }, remoteAddress: "10.1.0.99" });
    expect(fine.statusCode).toBe(200);
  });
});

describe("access tokens", () => {
  it("rejects a request without a token with 401 ERR_SESSION_EXPIRED", async () => {
    const response = await server.request({ method: "GET", url: "/api/settings" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: "ERR_SESSION_EXPIRED", message: expect.any(String) });
  });

  it("rejects a forged token with 401", async () => {
    const forged = await new SignJWT({ profile: "admin", ver: 0, sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("x".repeat(48)));
    const response = await server.request({ method: "GET", url: "/api/settings", token: forged });
    expect(response.statusCode).toBe(401);
  });

  it("answers an expired token with 403 ERR_TOKEN_EXPIRED so the client refreshes", async () => {
    const { user } = await server.login(ADMIN.email, ADMIN.password);
    const expired = await new SignJWT({ profile: "admin", ver: 0, sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(user.id))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(server.ctx.jwtKey);
    const response = await server.request({ method: "GET", url: "/api/settings", token: expired });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe("ERR_TOKEN_EXPIRED");
  });

  it("refuses a token it accepted before once it expires (a verified token is not verified again until then)", async () => {
    const session = await server.login(ADMIN.email, ADMIN.password);
    const { sub, profile, ver, sid } = decodeJwt(session.token);
    const shortLived = await new SignJWT({ profile, ver, sid })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(sub))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 3)
      .sign(server.ctx.jwtKey);
    const settings = () => server.request({ method: "GET", url: "/api/settings", token: shortLived });
    expect((await settings()).statusCode).toBe(200);
    expect((await settings()).statusCode).toBe(200);
    let last = await settings();
    await waitFor(async () => (last = await settings()).statusCode !== 200, "the token refused once expired", 15_000);
    expect(last.statusCode).toBe(403);
    expect(last.json().error).toBe("ERR_TOKEN_EXPIRED");
  });
});

describe("POST /api/auth/refresh_token", () => {
  it("rotates the cookie: the new one works and the old one is spent", async () => {
    const session = await server.login(ADMIN.email, ADMIN.password);
    const first = await refreshWith(session.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ token: expect.any(String), user: { email: ADMIN.email } });
    const rotated = first.cookies.find((c) => c.name === refreshCookieName)?.value;
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(session.cookie);
    expect((await refreshWith(rotated ?? "")).statusCode).toBe(200);
  });

  it("answers 401 without a cookie or with an unknown one", async () => {
    expect((await server.request({ method: "POST", url: "/api/auth/refresh_token" })).statusCode).toBe(401);
    expect((await refreshWith("not-a-token")).statusCode).toBe(401);
  });

  it("ends the whole session when a spent cookie comes back after the grace period", async () => {
    const session = await server.login(ADMIN.email, ADMIN.password);
    const next = (await refreshWith(session.cookie)).cookies.find((c) => c.name === refreshCookieName)?.value ?? "";
    // Age the spent token past the grace window, as if an attacker replayed it later.
    await server.ctx.database.db.execute(
      `update refresh_tokens set used_at = now() - interval '5 minutes' where used_at is not null` as never,
    );
    const replay = await refreshWith(session.cookie);
    expect(replay.statusCode).toBe(401);
    // The legitimate holder's newer cookie and access token stop working as well.
    expect((await refreshWith(next)).statusCode).toBe(401);
    const withToken = await server.request({ method: "GET", url: "/api/settings", token: session.token });
    expect(withToken.statusCode).toBe(401);
  });
});

describe("DELETE /api/auth/logout", () => {
  it("revokes the refresh cookie and the access token of that session only", async () => {
    const other = await server.login(ADMIN.email, ADMIN.password);
    const session = await server.login(ADMIN.email, ADMIN.password);
    const response = await server.request({
      method: "DELETE",
      url: "/api/auth/logout",
      token: session.token,
      cookies: { [refreshCookieName]: session.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect((await refreshWith(session.cookie)).statusCode).toBe(401);
    expect((await server.request({ method: "GET", url: "/api/settings", token: session.token })).statusCode).toBe(401);
    expect((await server.request({ method: "GET", url: "/api/settings", token: other.token })).statusCode).toBe(200);
  });

  it("revokes the session with only the refresh cookie, no access token", async () => {
    const other = await server.login(ADMIN.email, ADMIN.password);
    const session = await server.login(ADMIN.email, ADMIN.password);
    const response = await server.request({ method: "DELETE", url: "/api/auth/logout", cookies: { [refreshCookieName]: session.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const cleared = response.cookies.find((c) => c.name === refreshCookieName);
    expect(cleared?.value).toBe("");
    expect((await refreshWith(session.cookie)).statusCode).toBe(401);
    // The session is gone, so its access token stops working too; another session is untouched.
    expect((await server.request({ method: "GET", url: "/api/settings", token: session.token })).statusCode).toBe(401);
    expect((await server.request({ method: "GET", url: "/api/settings", token: other.token })).statusCode).toBe(200);
  });

  it("answers ok without any credential and revokes nothing", async () => {
    const session = await server.login(ADMIN.email, ADMIN.password);
    expect((await server.request({ method: "DELETE", url: "/api/auth/logout" })).statusCode).toBe(200);
    expect((await refreshWith(session.cookie)).statusCode).toBe(200);
  });
});

describe("POST /api/auth/signup", () => {
  const payload = { name: "New Person", email: "new.person@atendo.test", password: "secret5" };

  it("is refused while user creation is disabled", async () => {
    const response = await server.request({ method: "POST", url: "/api/auth/signup", payload });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe("ERR_USER_CREATION_DISABLED");
  });

  it("creates an attendant once an admin enables it, who can then log in", async () => {
    const token = await server.adminToken();
    const enable = await server.request({ method: "PUT", url: "/api/settings/userCreation", token, payload: { value: "enabled" } });
    expect(enable.statusCode).toBe(200);
    const response = await server.request({ method: "POST", url: "/api/auth/signup", payload });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: payload.name, email: payload.email, profile: "user" });
    expect((await server.login(payload.email, payload.password)).user.profile).toBe("user");
    const again = await server.request({ method: "POST", url: "/api/auth/signup", payload });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("ERR_EMAIL_ALREADY_EXISTS");
  });

  it("validates name 2–50, email and password 5–50 at their bounds", async () => {
    const cases: Array<[Record<string, string>, number]> = [
      [{ ...payload, name: "A" }, 400],
      [{ ...payload, name: "A".repeat(51) }, 400],
      [{ ...payload, email: "bad" }, 400],
      [{ ...payload, password: "1234" }, 400],
      [{ ...payload, password: "x".repeat(51) }, 400],
      [{ name: "Ab", email: "bounds@atendo.test", password: "12345" }, 201],
    ];
    for (const [body, status] of cases) {
      const response = await server.request({ method: "POST", url: "/api/auth/signup", payload: body });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      if (status === 400) expect(response.json().error).toBe("ERR_MISSING_VALUES");
    }
  });
});
