import { refreshCookieName } from "@atendo/contracts";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SignInAttempt } from "../../events/domain-events.js";
import { ADMIN, createTestServer, type TestServer } from "../../test/harness.js";
import { startOidcProvider, type LocalOidcProvider, type ProviderAccount } from "../../test/oidc-provider.js";
import { loadConfig } from "../../config.js";
import { AppError } from "../../core/app-error.js";
import { assertBreakGlassAdmin, assertPasswordSignInAllowed } from "../auth/password-sign-in.js";
import type { UserRow } from "../users/user.presenter.js";
import { flowCookieName } from "./oidc-provider-client.js";

// Atendo is reached through inject(): its PUBLIC_URL only names the redirect URI the provider sends the browser to.
const publicUrl = "http://atendo.test";
const redirectUri = `${publicUrl}/api/auth/oidc/callback`;

let provider: LocalOidcProvider;
let server: TestServer;
let passwordOff: TestServer;
const signIns: SignInAttempt[] = [];

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUri });
  const oidcEnv = {
    PUBLIC_URL: publicUrl,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_BUTTON_LABEL: "Local ID",
  };
  server = await createTestServer(oidcEnv);
  server.ctx.events.on("auth.signIn", "test", (attempt) => void signIns.push(attempt));
  passwordOff = await createTestServer({ ...oidcEnv, OIDC_CREATE_USERS: "true", PASSWORD_SIGN_IN: "off" });
});
afterAll(async () => {
  await server?.close();
  await passwordOff?.close();
  await provider?.close();
});

/** The cookies a browser would keep for the provider, by name (its paths do not matter to it). */
function keepCookies(jar: Map<string, string>, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const at = pair.indexOf("=");
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

function cookieOf(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name && cookie.value !== "")?.value;
}

/**
 * A browser's sign-in: the button's /start, the provider's redirects (its interaction signs
 * `account` in), then Atendo's callback with the flow cookie. Returns the callback's answer.
 */
async function signInThroughProvider(target: TestServer, account: ProviderAccount): Promise<LightMyRequestResponse> {
  provider.signInAs(account);
  const start = await target.request({ method: "GET", url: "/api/auth/oidc/start" });
  expect(start.statusCode).toBe(302);
  const flowCookie = cookieOf(start, flowCookieName);
  expect(flowCookie).toBeDefined();
  let location = String(start.headers.location);
  const authorization = new URL(location);
  expect(authorization.origin).toBe(provider.issuer);
  expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorization.searchParams.get("state")).toBeTruthy();
  expect(authorization.searchParams.get("nonce")).toBeTruthy();

  const jar = new Map<string, string>();
  for (let hop = 0; !location.startsWith(redirectUri); hop++) {
    expect(hop, `stuck at the provider: ${location}`).toBeLessThan(10);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(location, { redirect: "manual", headers: cookie ? { cookie } : {} });
    keepCookies(jar, response);
    expect(response.status, await response.clone().text()).toBeGreaterThanOrEqual(300);
    location = new URL(response.headers.get("location") ?? "", location).href;
  }
  return target.request({ method: "GET", url: location.slice(publicUrl.length), cookies: { [flowCookieName]: flowCookie ?? "" } });
}

function expectRefused(callback: LightMyRequestResponse, code: string): void {
  expect(callback.statusCode).toBe(302);
  expect(callback.headers.location).toBe(`/login?ssoError=${code}`);
  expect(cookieOf(callback, refreshCookieName)).toBeUndefined();
}

async function sessionFrom(target: TestServer, callback: LightMyRequestResponse) {
  expect(callback.statusCode).toBe(302);
  expect(callback.headers.location).toBe("/login?sso=signedIn");
  const refreshCookie = callback.cookies.find((cookie) => cookie.name === refreshCookieName && cookie.path === "/api/auth");
  expect(refreshCookie).toMatchObject({ httpOnly: true, sameSite: "Strict" });
  const refreshed = await target.request({ method: "POST", url: "/api/auth/refresh_token", cookies: { [refreshCookieName]: refreshCookie?.value ?? "" } });
  expect(refreshed.statusCode).toBe(200);
  return refreshed.json<{ token: string; user: { id: number; email: string; profile: string; queues: unknown[] } }>();
}

const lastSignIn = () => signIns.at(-1);

describe("single sign-on through the local OpenID provider", () => {
  it("tells the login page that single sign-on is on, with its label", async () => {
    const config = (await server.request({ method: "GET", url: "/api/public/config" })).json();
    expect(config).toMatchObject({ sso: { buttonLabel: "Local ID" }, passwordSignIn: true });
  });

  it("signs in the account holding the verified e-mail, as a password sign-in does", async () => {
    const user = await server.createUser({ email: "ana@company.test" });
    // The provider may spell the address in another case.
    const callback = await signInThroughProvider(server, { sub: "ana-1", email: "Ana@Company.test", email_verified: true, name: "Ana" });
    const session = await sessionFrom(server, callback);
    expect(session.user).toMatchObject({ id: user.id, email: "ana@company.test" });
    const me = await server.request({ method: "GET", url: `/api/users/${user.id}`, token: session.token });
    expect(me.statusCode).toBe(200);
    expect(lastSignIn()).toEqual({ userId: user.id, email: "ana@company.test", method: "oidc", outcome: "success" });
  });

  it("refuses an unverified e-mail, even one an account holds", async () => {
    const user = await server.createUser({ email: "bruno@company.test" });
    const callback = await signInThroughProvider(server, { sub: "bruno-1", email: user.email, email_verified: false });
    expectRefused(callback, "ERR_SSO_EMAIL_UNVERIFIED");
    expect(lastSignIn()).toEqual({ userId: null, email: user.email, method: "oidc", outcome: "failure", reason: "ERR_SSO_EMAIL_UNVERIFIED" });
  });

  it("refuses an e-mail no account holds, creating nobody", async () => {
    const callback = await signInThroughProvider(server, { sub: "carla-1", email: "carla@company.test", email_verified: true });
    expectRefused(callback, "ERR_SSO_NO_ACCOUNT");
    expect(lastSignIn()).toMatchObject({ userId: null, outcome: "failure", reason: "ERR_SSO_NO_ACCOUNT" });
    const token = await server.adminToken();
    const search = await server.request({ method: "GET", url: "/api/users?searchParam=carla", token });
    expect(search.json().users).toEqual([]);
  });

  it("refuses a disabled (removed) account", async () => {
    const user = await server.createUser({ email: "dora@company.test" });
    const token = await server.adminToken();
    expect((await server.request({ method: "PUT", url: `/api/users/${user.id}`, token, payload: { isDeleted: true } })).statusCode).toBe(200);
    const callback = await signInThroughProvider(server, { sub: "dora-1", email: user.email, email_verified: true });
    expectRefused(callback, "ERR_SSO_ACCOUNT_DISABLED");
    expect(lastSignIn()).toMatchObject({ userId: user.id, outcome: "failure", reason: "ERR_SSO_ACCOUNT_DISABLED" });
  });

  it("refuses an ID token issued for another client id, another issuer, or another sign-in's nonce", async () => {
    const user = await server.createUser({ email: "eva@company.test" });
    const eva = { sub: "eva-1", email: user.email, email_verified: true };
    for (const claims of [{ aud: "another-client" }, { iss: "http://127.0.0.1:1/elsewhere" }, { nonce: "another-sign-in" }]) {
      provider.tamperNextIdToken(claims);
      const callback = await signInThroughProvider(server, eva);
      expectRefused(callback, "ERR_SSO_INVALID_TOKEN");
      expect(lastSignIn()).toMatchObject({ userId: null, outcome: "failure", reason: "ERR_SSO_INVALID_TOKEN" });
    }
    // The same claims untouched, signed the same way, are accepted: what was refused was the audience, issuer or nonce.
    provider.tamperNextIdToken({});
    await sessionFrom(server, await signInThroughProvider(server, eva));
  });

  it("refuses a callback without its flow cookie or with another sign-in's state", async () => {
    const withoutCookie = await server.request({ method: "GET", url: "/api/auth/oidc/callback?code=x&state=y" });
    expectRefused(withoutCookie, "ERR_SSO_EXPIRED");
    const start = await server.request({ method: "GET", url: "/api/auth/oidc/start" });
    const otherState = await server.request({
      method: "GET",
      url: "/api/auth/oidc/callback?code=x&state=not-this-one",
      cookies: { [flowCookieName]: cookieOf(start, flowCookieName) ?? "" },
    });
    expectRefused(otherState, "ERR_SSO_EXPIRED");
  });

  it("shows the provider's refusal (the person cancelled) as ERR_SSO_DENIED", async () => {
    const start = await server.request({ method: "GET", url: "/api/auth/oidc/start" });
    const state = new URL(String(start.headers.location)).searchParams.get("state") ?? "";
    const callback = await server.request({
      method: "GET",
      url: `/api/auth/oidc/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(provider.issuer)}`,
      cookies: { [flowCookieName]: cookieOf(start, flowCookieName) ?? "" },
    });
    expectRefused(callback, "ERR_SSO_DENIED");
  });
});

describe("OIDC_CREATE_USERS=true", () => {
  it("creates an attendant with no queues for an unknown verified e-mail, once", async () => {
    const frank = { sub: "frank-1", email: "frank@company.test", email_verified: true, name: "Frank Lima" };
    const first = await sessionFrom(passwordOff, await signInThroughProvider(passwordOff, frank));
    expect(first.user).toMatchObject({ email: "frank@company.test", profile: "user", queues: [] });
    const again = await sessionFrom(passwordOff, await signInThroughProvider(passwordOff, frank));
    expect(again.user.id).toBe(first.user.id);
  });

  it("still refuses an unverified e-mail", async () => {
    const callback = await signInThroughProvider(passwordOff, { sub: "gil-1", email: "gil@company.test", email_verified: false });
    expectRefused(callback, "ERR_SSO_EMAIL_UNVERIFIED");
  });
});

describe("PASSWORD_SIGN_IN=off", () => {
  it("refuses a password sign-in to everyone but the break-glass administrator", async () => {
    const token = await passwordOff.adminToken(); // ADMIN_EMAIL: the default break-glass address
    const created = await passwordOff.request({
      method: "POST",
      url: "/api/users",
      token,
      payload: { name: "Hana", email: "hana@company.test", password: "hana-password", profile: "user" },
    });
    expect(created.statusCode).toBe(201);
    const refused = await passwordOff.request({ method: "POST", url: "/api/auth/login", payload: { email: "hana@company.test", password: "hana-password" } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("ERR_PASSWORD_SIGN_IN_DISABLED");
    // Refused before the password is checked: a wrong one reads the same.
    const wrong = await passwordOff.request({ method: "POST", url: "/api/auth/login", payload: { email: "hana@company.test", password: "not-it" } });
    expect(wrong.json().error).toBe("ERR_PASSWORD_SIGN_IN_DISABLED");
    const breakGlass = await passwordOff.request({ method: "POST", url: "/api/auth/login", payload: ADMIN });
    expect(breakGlass.statusCode).toBe(200);
    // Nor can anyone make a password account of their own.
    await passwordOff.request({ method: "PUT", url: "/api/settings/userCreation", token, payload: { value: "enabled" } });
    const signup = await passwordOff.request({ method: "POST", url: "/api/auth/signup", payload: { name: "Ivo", email: "ivo@company.test", password: "ivo-password" } });
    expect(signup.statusCode).toBe(403);
    expect(signup.json().error).toBe("ERR_PASSWORD_SIGN_IN_DISABLED");
    // Hana signs in through the provider instead.
    const session = await sessionFrom(passwordOff, await signInThroughProvider(passwordOff, { sub: "hana-1", email: "hana@company.test", email_verified: true }));
    expect(session.user.email).toBe("hana@company.test");
  });

  it("keeps the password only while the break-glass address belongs to an administrator", () => {
    const config = loadConfig({ PASSWORD_SIGN_IN: "off", BREAK_GLASS_EMAIL: "ivo@company.test", OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b", PUBLIC_URL: publicUrl });
    expect(() => assertPasswordSignInAllowed(config, "IVO@company.test")).not.toThrow();
    expect(() => assertBreakGlassAdmin(config, { profile: "user" } as UserRow)).toThrow(AppError);
    expect(() => assertBreakGlassAdmin(config, { profile: "admin" } as UserRow)).not.toThrow();
  });

  it("tells the login page to show the single sign-on button first", async () => {
    const config = (await passwordOff.request({ method: "GET", url: "/api/public/config" })).json();
    expect(config).toMatchObject({ sso: { buttonLabel: "Local ID" }, passwordSignIn: false });
  });
});

describe("without OIDC_ISSUER", () => {
  it("answers the routes with ERR_SSO_NOT_CONFIGURED and the login page without the button", async () => {
    const plain = await createTestServer();
    try {
      const start = await plain.request({ method: "GET", url: "/api/auth/oidc/start" });
      expect(start.headers.location).toBe("/login?ssoError=ERR_SSO_NOT_CONFIGURED");
      const config = (await plain.request({ method: "GET", url: "/api/public/config" })).json();
      expect(config).toMatchObject({ sso: null, passwordSignIn: true });
    } finally {
      await plain.close();
    }
  });
});
