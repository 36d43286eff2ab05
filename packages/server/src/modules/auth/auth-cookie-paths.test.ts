import { refreshCookieName } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestServer, type TestServer } from "../../test/harness.js";

/**
 * The refresh cookie goes back to Atendo's own /api/auth and to /auth, where a client of the
 * spec's family served at the site root calls `/auth/refresh_token` behind a proxy that adds /api
 * (docs/decisions/0047), and to /whaticket/auth for the Whaticket web client built for the
 * /whaticket dialect (decision 0066). No other path receives it.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const refreshCookies = (response: Awaited<ReturnType<TestServer["request"]>>) => response.cookies.filter((c) => c.name === refreshCookieName);

describe("refresh cookie paths", () => {
  it("login sets the same httpOnly SameSite=Strict cookie for /api/auth, /auth and /whaticket/auth only", async () => {
    const response = await server.request({ method: "POST", url: "/api/auth/login", payload: ADMIN });
    expect(response.statusCode).toBe(200);
    const cookies = refreshCookies(response);
    expect(cookies.map((c) => c.path).sort()).toEqual(["/api/auth", "/auth", "/whaticket/auth"]);
    for (const cookie of cookies) expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", value: cookies[0]?.value });
  });

  it("refresh rotates all three, and logout clears them", async () => {
    const session = await server.login(ADMIN.email, ADMIN.password);
    const refreshed = await server.request({ method: "POST", url: "/api/auth/refresh_token", cookies: { [refreshCookieName]: session.cookie } });
    expect(refreshed.statusCode).toBe(200);
    const rotated = refreshCookies(refreshed);
    expect(rotated.map((c) => c.path).sort()).toEqual(["/api/auth", "/auth", "/whaticket/auth"]);
    expect(new Set(rotated.map((c) => c.value)).size).toBe(1);
    expect(rotated[0]?.value).not.toBe(session.cookie);

    const out = await server.request({ method: "DELETE", url: "/api/auth/logout", cookies: { [refreshCookieName]: rotated[0]?.value ?? "" } });
    expect(out.statusCode).toBe(200);
    const cleared = refreshCookies(out);
    expect(cleared.map((c) => c.path).sort()).toEqual(["/api/auth", "/auth", "/whaticket/auth"]);
    for (const cookie of cleared) expect(cookie.value).toBe("");
    const again = await server.request({ method: "POST", url: "/api/auth/refresh_token", cookies: { [refreshCookieName]: rotated[0]?.value ?? "" } });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe("ERR_SESSION_EXPIRED");
  });
});
