import { refreshCookieName } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAdminCommand, resetTwoFactorCommand } from "../../admin-command.js";
import { twoFactorChallenges, twoFactorSecrets } from "../../db/schema/index.js";
import type { DomainEvent, DomainEventMap } from "../../events/domain-events.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { connectSocket } from "../../test/socket-client.js";
import { expectError } from "../../test/route-guards.js";

// Two-factor sign-in (issue 34, docs/decisions/0095): enrol, the code step, recovery codes,
// replays, the throttle, the challenge's life, required for everyone, and the resets.

let server: TestServer;
let adminToken: string;
const signIns: DomainEventMap["auth.signIn"][] = [];
const changes: DomainEventMap["auth.credentialsChanged"][] = [];

beforeAll(async () => {
  server = await createTestServer();
  adminToken = await server.adminToken();
  server.ctx.events.on("auth.signIn", "test", (payload) => void signIns.push(payload));
  server.ctx.events.on("auth.credentialsChanged", "test", (payload) => void changes.push(payload));
});
afterAll(() => server.close());

/** The code an authenticator shows `steps` time steps (30 s) from now. */
const totp = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const post = (url: string, payload: object, token?: string, remoteAddress?: string) =>
  server.request({ method: "POST", url, payload, ...(token ? { token } : {}), ...(remoteAddress ? { remoteAddress } : {}) });

/** A user who enrolled with the current step's code: their secret and recovery codes. */
async function enrolledUser() {
  const user = await server.createUser();
  const setup = await post("/api/auth/2fa/setup", {}, user.token);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const enable = await post("/api/auth/2fa/enable", { code: await totp(secret) }, user.token);
  expect(enable.statusCode).toBe(200);
  return { ...user, secret, recoveryCodes: enable.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

async function challengeOf(user: { email: string; password: string }, remoteAddress?: string): Promise<string> {
  const response = await post("/api/auth/login", { email: user.email, password: user.password }, undefined, remoteAddress);
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body).toEqual({ twoFactorRequired: true, challengeToken: expect.any(String) });
  return body.challengeToken as string;
}

const secondStep = (challengeToken: string, code: string, remoteAddress?: string) => post("/api/auth/login/2fa", { challengeToken, code }, undefined, remoteAddress);

describe("enrolling", () => {
  it("sets up a secret kept encrypted, enables it with a first code, and answers ten recovery codes once", async () => {
    const user = await enrolledUser();
    expect(user.recoveryCodes).toHaveLength(10);
    expect(new Set(user.recoveryCodes).size).toBe(10);
    const [row] = await server.ctx.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id));
    expect(row?.secretEncrypted).not.toContain(user.secret);
    expect((await server.request({ method: "GET", url: "/api/auth/2fa", token: user.token })).json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expect(changes).toContainEqual({ userId: user.id, change: "twoFactorEnabled", byUserId: user.id });
    await expectError(post("/api/auth/2fa/setup", {}, user.token), 409, "ERR_TWO_FACTOR_ALREADY_ENABLED");
  });

  it("refuses a wrong first code and an enable without a setup", async () => {
    const user = await server.createUser();
    await expectError(post("/api/auth/2fa/enable", { code: "123456" }, user.token), 409, "ERR_TWO_FACTOR_NOT_ENABLED");
    const { secret } = (await post("/api/auth/2fa/setup", {}, user.token)).json<{ secret: string }>();
    const wrong = (Number(await totp(secret)) + 1) % 1_000_000;
    await expectError(post("/api/auth/2fa/enable", { code: String(wrong).padStart(6, "0") }, user.token), 401, "ERR_INVALID_TWO_FACTOR_CODE");
    expect((await server.request({ method: "GET", url: "/api/auth/2fa", token: user.token })).json().enabled).toBe(false);
  });
});

describe("signing in with a second factor", () => {
  it("asks for a code after the password, then signs in as the password does, cookie included", async () => {
    const user = await enrolledUser();
    const challenge = await challengeOf(user);
    const response = await secondStep(challenge, await totp(user.secret, 1));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token: expect.any(String), user: { id: user.id } });
    expect(response.cookies.find((cookie) => cookie.name === refreshCookieName)).toMatchObject({ httpOnly: true, path: "/api/auth" });
    const token = response.json<{ token: string }>().token;
    expect((await server.request({ method: "GET", url: `/api/users/${user.id}`, token })).statusCode).toBe(200);
    expect(signIns).toContainEqual({ userId: user.id, email: user.email, method: "password", outcome: "secondFactorRequired" });
    expect(signIns).toContainEqual({ userId: user.id, email: user.email, method: "totp", outcome: "success" });
  });

  it("refuses a code already used, even within its 30 seconds", async () => {
    const user = await enrolledUser();
    const code = await totp(user.secret, 1);
    expect((await secondStep(await challengeOf(user), code)).statusCode).toBe(200);
    await expectError(secondStep(await challengeOf(user), code), 401, "ERR_INVALID_TWO_FACTOR_CODE");
    // The enrolment's own code is spent too.
    await expectError(secondStep(await challengeOf(user), await totp(user.secret)), 401, "ERR_INVALID_TWO_FACTOR_CODE");
    expect(signIns).toContainEqual({ userId: user.id, email: user.email, method: "totp", outcome: "failure", reason: "ERR_INVALID_TWO_FACTOR_CODE" });
  });

  it("takes each recovery code once, in any case and with or without its dash", async () => {
    const user = await enrolledUser();
    const [first, second] = user.recoveryCodes as [string, string];
    expect((await secondStep(await challengeOf(user), first.toUpperCase().replace("-", ""))).statusCode).toBe(200);
    expect(changes).toContainEqual({ userId: user.id, change: "recoveryCodeUsed", byUserId: user.id });
    expect(signIns).toContainEqual({ userId: user.id, email: user.email, method: "recovery", outcome: "success" });
    await expectError(secondStep(await challengeOf(user), first), 401, "ERR_INVALID_TWO_FACTOR_CODE");
    expect((await secondStep(await challengeOf(user), second)).statusCode).toBe(200);
    const passwordOnly = await post("/api/auth/login", { email: user.email, password: user.password });
    expect(passwordOnly.json()).not.toHaveProperty("token"); // the password alone never signs in
  });

  it("counts wrong codes in the login throttle, against the account", async () => {
    const user = await enrolledUser();
    const ip = "10.34.0.1";
    const challenge = await challengeOf(user, ip);
    for (let i = 0; i < 5; i++) await expectError(secondStep(challenge, "000000", ip), 401, "ERR_INVALID_TWO_FACTOR_CODE");
    // Even the right code and the right password wait now, from that address.
    await expectError(secondStep(challenge, await totp(user.secret, 1), ip), 429, "ERR_TOO_MANY_LOGIN_ATTEMPTS");
    await expectError(post("/api/auth/login", { email: user.email, password: user.password }, undefined, ip), 429, "ERR_TOO_MANY_LOGIN_ATTEMPTS");
    // A known password does not forgive the wrong codes: it never resets the count before the code.
    expect((await secondStep(await challengeOf(user, "10.34.0.2"), await totp(user.secret, 1), "10.34.0.2")).statusCode).toBe(200);
  });

  it("refuses an expired challenge and a spent one", async () => {
    const user = await enrolledUser();
    const expired = await challengeOf(user);
    await server.ctx.db.update(twoFactorChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(twoFactorChallenges.userId, user.id));
    await expectError(secondStep(expired, await totp(user.secret, 1)), 401, "ERR_TWO_FACTOR_CHALLENGE_EXPIRED");
    const challenge = await challengeOf(user);
    expect((await secondStep(challenge, user.recoveryCodes[0]!)).statusCode).toBe(200);
    await expectError(secondStep(challenge, user.recoveryCodes[1]!), 401, "ERR_TWO_FACTOR_CHALLENGE_EXPIRED");
    await expectError(secondStep("not-a-challenge", "123456"), 401, "ERR_TWO_FACTOR_CHALLENGE_EXPIRED");
  });

  it("publishes a failed password step with its reason", async () => {
    const user = await server.createUser();
    await expectError(post("/api/auth/login", { email: user.email, password: "wrong-password" }), 401, "ERR_INVALID_CREDENTIALS");
    expect(signIns).toContainEqual({ userId: user.id, email: user.email, method: "password", outcome: "failure", reason: "ERR_INVALID_CREDENTIALS" });
    expect(signIns).toContainEqual({ userId: user.id, email: user.email, method: "password", outcome: "success" });
  });
});

describe("turning it off", () => {
  it("takes a valid code, then the password alone signs in", async () => {
    const user = await enrolledUser();
    await expectError(post("/api/auth/2fa/disable", { code: "000000" }, user.token), 401, "ERR_INVALID_TWO_FACTOR_CODE");
    expect((await post("/api/auth/2fa/disable", { code: user.recoveryCodes[3]! }, user.token)).statusCode).toBe(200);
    expect(changes).toContainEqual({ userId: user.id, change: "twoFactorDisabled", byUserId: user.id });
    expect((await server.login(user.email, user.password)).user.id).toBe(user.id);
    await expectError(post("/api/auth/2fa/disable", { code: "000000" }, user.token), 409, "ERR_TWO_FACTOR_NOT_ENABLED");
  });
});

describe("required for everyone", () => {
  const setRequired = (value: "enabled" | "disabled") =>
    server.request({ method: "PUT", url: "/api/settings/twoFactorRequired", token: adminToken, payload: { value } });

  it("leads a user without a second factor to enrol, refusing everything else until then", async () => {
    const user = await server.createUser();
    const enrolled = await enrolledUser();
    expect((await setRequired("enabled")).statusCode).toBe(200);
    try {
      const login = await post("/api/auth/login", { email: user.email, password: user.password });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ twoFactorEnrolmentRequired: true, user: { id: user.id } });
      const token = login.json<{ token: string }>().token;
      await expectError(server.request({ method: "GET", url: "/api/tickets", token }), 403, "ERR_TWO_FACTOR_ENROLMENT_REQUIRED");
      await expectError(server.request({ method: "GET", url: `/api/users/${user.id}`, token }), 403, "ERR_TWO_FACTOR_ENROLMENT_REQUIRED");
      // No live events either: the socket handshake refuses the sign-in.
      const baseUrl = await server.listen();
      await expect(connectSocket(baseUrl, token)).rejects.toThrow("ERR_TWO_FACTOR_ENROLMENT_REQUIRED");
      // A reload keeps the sign-in and says it still must enrol.
      const cookie = login.cookies.find((c) => c.name === refreshCookieName)?.value ?? "";
      const refreshed = await server.request({ method: "POST", url: "/api/auth/refresh_token", cookies: { [refreshCookieName]: cookie } });
      expect(refreshed.json()).toMatchObject({ twoFactorEnrolmentRequired: true });
      expect((await server.request({ method: "GET", url: "/api/auth/2fa", token })).json()).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });
      const { secret } = (await post("/api/auth/2fa/setup", {}, token)).json<{ secret: string }>();
      expect((await post("/api/auth/2fa/enable", { code: await totp(secret) }, token)).statusCode).toBe(200);
      // Enrolled: the same sign-in reaches the app, its sockets too.
      expect((await server.request({ method: "GET", url: "/api/tickets", token })).statusCode).toBe(200);
      (await connectSocket(baseUrl, token)).close();
      // Nobody may turn it off while it is required.
      await expectError(post("/api/auth/2fa/disable", { code: enrolled.recoveryCodes[0]! }, enrolled.token), 403, "ERR_TWO_FACTOR_REQUIRED");
    } finally {
      expect((await setRequired("disabled")).statusCode).toBe(200);
    }
  });

  it("refuses an unknown value for the setting", async () => {
    expect((await server.request({ method: "PUT", url: "/api/settings/twoFactorRequired", token: adminToken, payload: { value: "sometimes" } })).statusCode).toBe(400);
  });
});

describe("resetting a user's second factor", () => {
  it("is for admins only", async () => {
    const user = await enrolledUser();
    const other = await server.createUser();
    await expectError(post(`/api/users/${user.id}/2fa/reset`, {}, other.token), 403, "ERR_NO_PERMISSION");
    await expectError(post(`/api/users/${user.id}/2fa/reset`, {}, user.token), 403, "ERR_NO_PERMISSION");
    await expectError(post("/api/users/999999/2fa/reset", {}, adminToken), 404, "ERR_NO_USER_FOUND");
    await challengeOf(user); // unchanged
  });

  it("lets the user sign in with the password again, recorded as the admin's change", async () => {
    const user = await enrolledUser();
    expect((await post(`/api/users/${user.id}/2fa/reset`, {}, adminToken)).statusCode).toBe(200);
    expect((await server.login(user.email, user.password)).user.id).toBe(user.id);
    const adminId = (await server.login("admin@atendo.test", "admin-password")).user.id;
    expect(changes).toContainEqual({ userId: user.id, change: "twoFactorReset", byUserId: adminId });
  });

  it("from the command line: `npm run admin -- reset-2fa <email>`", async () => {
    const user = await enrolledUser();
    expect(parseAdminCommand(["reset-2fa", "a@b.test"])).toEqual({ name: "reset-2fa", email: "a@b.test" });
    const lines: string[] = [];
    const published: DomainEvent[] = [];
    const output = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    const publish = async (event: DomainEvent) => void published.push(event);
    expect(await resetTwoFactorCommand(server.ctx.database, user.email.toUpperCase(), output, publish)).toBe(0);
    expect(lines[0]).toContain(user.email);
    expect(published).toEqual([{ name: "auth.credentialsChanged", payload: { userId: user.id, change: "twoFactorReset", byUserId: null } }]);
    expect((await server.login(user.email, user.password)).user.id).toBe(user.id);
    expect(await resetTwoFactorCommand(server.ctx.database, "nobody@atendo.test", output, publish)).toBe(1);
    expect(lines.at(-1)).toBe("No active user has the email nobody@atendo.test. Nothing was changed.");
  });
});
