import { refreshCookieName } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetTokens } from "../../db/schema/index.js";
import type { Mail } from "../../mailer.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { connectSocket } from "../../test/socket-client.js";
import { endedBecause, endedWithin } from "../../test/socket-revocation.js";
import { sha256 } from "./tokens.js";

const publicUrl = "https://atendo.example/";
const sent: Mail[] = [];
let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await createTestServer({ PUBLIC_URL: publicUrl }, { mailer: { send: async (mail) => void sent.push(mail) } });
  baseUrl = await server.listen();
});
afterAll(() => server.close());

let address = 0;
/** Each test asks from its own address: the per-address limit is tested on its own. */
const nextAddress = () => `10.44.0.${++address}`;

function forgot(email: string, extra: { ip?: string; language?: string; host?: string } = {}) {
  return server.app.inject({
    method: "POST",
    url: "/api/auth/forgot-password",
    payload: { email, ...(extra.language ? { language: extra.language } : {}) },
    remoteAddress: extra.ip ?? nextAddress(),
    headers: extra.host ? { host: extra.host } : {},
  });
}

function reset(token: string, password: string) {
  return server.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, password }, remoteAddress: nextAddress() });
}

/** The token of the last mail sent to `email`, read from its link. */
function tokenMailedTo(email: string): string {
  const mail = sent.findLast((m) => m.to === email);
  const link = /https:\/\/\S+/.exec(mail?.text ?? "")?.[0];
  if (!link) throw new Error(`no reset link mailed to ${email}`);
  return new URL(link).searchParams.get("token") ?? "";
}

const mailsTo = (email: string) => sent.filter((m) => m.to === email).length;

describe("POST /api/auth/forgot-password", () => {
  it("is announced by the public config when mail and PUBLIC_URL are set", async () => {
    const config = await server.request({ method: "GET", url: "/api/public/config" });
    expect(config.json().passwordReset).toBe(true);
  });

  it("mails a link to PUBLIC_URL/reset-password with a single-use token stored only as its hash", async () => {
    const user = await server.createUser({ name: "Lia Forgetful" });
    const response = await forgot(user.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const mail = sent.at(-1);
    expect(mail).toMatchObject({ to: user.email, subject: "[Atendo] Reset your password" });
    expect(mail?.text).toContain("Lia Forgetful");
    expect(mail?.text).toContain("30 minutes");
    expect(mail?.text).toMatch(/https:\/\/atendo\.example\/reset-password\?token=[\w-]{43}\n/);
    const token = tokenMailedTo(user.email);
    const rows = await server.ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("answers the same for an unknown or removed account, and mails nothing", async () => {
    const removed = await server.createUser();
    await server.request({ method: "DELETE", url: `/api/users/${removed.id}`, token: await server.adminToken() });
    const before = sent.length;
    for (const email of ["nobody-here@atendo.test", removed.email]) {
      const response = await forgot(email);
      expect(response.statusCode, email).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    }
    expect(sent.length).toBe(before);
    expect(await server.ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, removed.id))).toEqual([]);
  });

  it("builds the link from PUBLIC_URL, never from a forged Host header", async () => {
    const user = await server.createUser();
    await forgot(user.email, { host: "evil.example" });
    expect(sent.at(-1)?.text).toContain("https://atendo.example/reset-password?token=");
    expect(sent.at(-1)?.text).not.toContain("evil.example");
  });

  it("writes the mail in the language of the page", async () => {
    const user = await server.createUser();
    await forgot(user.email, { language: "pt" });
    expect(sent.at(-1)?.subject).toBe("[Atendo] Redefina sua senha");
    await forgot(user.email, { language: "es" });
    expect(sent.at(-1)?.subject).toBe("[Atendo] Restablezca su contraseña");
  });

  it("sends one account at most three links an hour, answering the same after", async () => {
    const user = await server.createUser();
    for (let i = 0; i < 5; i++) expect((await forgot(user.email)).json()).toEqual({ ok: true });
    expect(mailsTo(user.email)).toBe(3);
  });

  it("limits the requests of one address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await forgot(`spray${i}@atendo.test`, { ip: "10.45.0.1" })).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("refuses a malformed email with a catalogued 400", async () => {
    const response = await forgot("not-an-email");
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("ERR_MISSING_VALUES");
  });
});

describe("POST /api/auth/reset-password", () => {
  it("sets the new password and ends every sign-in of the user, sockets included", async () => {
    const user = await server.createUser();
    const session = await server.login(user.email, user.password);
    const socket = await connectSocket(baseUrl, session.token);
    const closed = endedWithin(socket);
    await forgot(user.email);

    const response = await reset(tokenMailedTo(user.email), "chosen-after-reset");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await closed).toEqual(endedBecause("passwordReset"));
    expect((await server.request({ method: "GET", url: `/api/users/${user.id}`, token: session.token })).statusCode).toBe(401);
    const refresh = await server.request({ method: "POST", url: "/api/auth/refresh_token", cookies: { [refreshCookieName]: session.cookie } });
    expect(refresh.statusCode).toBe(401);
    expect((await server.login(user.email, "chosen-after-reset")).user.id).toBe(user.id);
    const old = await server.request({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password: user.password } });
    expect(old.statusCode).toBe(401);
  });

  it("works once: the same link, and every other link of the user, are spent", async () => {
    const user = await server.createUser();
    await forgot(user.email);
    const first = tokenMailedTo(user.email);
    await forgot(user.email);
    const second = tokenMailedTo(user.email);
    expect((await reset(second, "first-new-password")).statusCode).toBe(200);
    for (const token of [second, first]) {
      const again = await reset(token, "second-new-password");
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe("ERR_INVALID_RESET_TOKEN");
    }
    expect((await server.login(user.email, "first-new-password")).user.id).toBe(user.id);
  });

  it("refuses an expired or unknown link", async () => {
    const user = await server.createUser();
    await forgot(user.email);
    const token = tokenMailedTo(user.email);
    await server.ctx.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, sha256(token)));
    for (const attempt of [token, "made-up-token"]) {
      const response = await reset(attempt, "never-applied-1");
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe("ERR_INVALID_RESET_TOKEN");
    }
    expect((await server.login(user.email, user.password)).user.id).toBe(user.id);
  });

  it("applies the user form's password rule (8 to 50) and keeps the link for a valid try", async () => {
    const user = await server.createUser();
    await forgot(user.email);
    const token = tokenMailedTo(user.email);
    for (const password of ["1234567", "x".repeat(51)]) {
      const response = await reset(token, password);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe("ERR_MISSING_VALUES");
    }
    expect((await reset(token, "12345678")).statusCode).toBe(200);
  });

  it("refuses the link of a user removed since it was sent", async () => {
    const user = await server.createUser();
    await forgot(user.email);
    await server.request({ method: "DELETE", url: `/api/users/${user.id}`, token: await server.adminToken() });
    const response = await reset(tokenMailedTo(user.email), "too-late-password");
    expect(response.json().error).toBe("ERR_INVALID_RESET_TOKEN");
  });
});

describe("without mail", () => {
  it("is off: the public config says so and the request is refused with a catalogued 403", async () => {
    const bare = await createTestServer({ PUBLIC_URL: publicUrl });
    try {
      expect((await bare.request({ method: "GET", url: "/api/public/config" })).json().passwordReset).toBe(false);
      const response = await bare.request({ method: "POST", url: "/api/auth/forgot-password", payload: { email: "someone@atendo.test" } });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe("ERR_PASSWORD_RESET_DISABLED");
    } finally {
      await bare.close();
    }
  });

  it("is off without PUBLIC_URL too: the link would have to trust the request's Host header", async () => {
    const noUrl = await createTestServer({}, { mailer: { send: async () => undefined } });
    try {
      expect((await noUrl.request({ method: "GET", url: "/api/public/config" })).json().passwordReset).toBe(false);
      const response = await noUrl.request({ method: "POST", url: "/api/auth/forgot-password", payload: { email: "someone@atendo.test" } });
      expect(response.json().error).toBe("ERR_PASSWORD_RESET_DISABLED");
    } finally {
      await noUrl.close();
    }
  });
});
