import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/harness.js";

let server: TestServer;
let admin: string;
let attendant: string;
beforeAll(async () => {
  server = await createTestServer({ APP_TITLE: "Acme Desk", SHUTDOWN_BANNER_DATE: "31/12", SHUTDOWN_BANNER_URL: "https://wa.me/5500000000", TIME_ZONE: "Asia/Kolkata" });
  admin = await server.adminToken();
  attendant = (await server.createUser()).token;
});
afterAll(() => server.close());

describe("GET /api/settings", () => {
  it("rejects anonymous users and attendants", async () => {
    expect((await server.request({ method: "GET", url: "/api/settings" })).statusCode).toBe(401);
    const response = await server.request({ method: "GET", url: "/api/settings", token: attendant });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe("ERR_NO_PERMISSION");
  });

  it("lists userCreation (disabled by default) and the API token for admins", async () => {
    const response = await server.request({ method: "GET", url: "/api/settings", token: admin });
    expect(response.statusCode).toBe(200);
    const byKey = Object.fromEntries(response.json().map((s: { key: string; value: string }) => [s.key, s.value]));
    expect(byKey.userCreation).toBe("disabled");
    expect(byKey.userApiToken).toMatch(/^[\w-]{32,}$/);
    expect(byKey.optOutKeywords).toBe("SAIR, PARAR, STOP");
    expect(Object.keys(byKey).sort()).toEqual([
      "auditRetentionDays",
      "connectionAlertMinutes",
      "customerLanguage",
      "optOutKeywords",
      "twoFactorRequired",
      "userApiToken",
      "userCreation",
    ]);
    // The down alert threshold (issue 31): five minutes by default.
    expect(byKey.connectionAlertMinutes).toBe("5");
  });
});

describe("PUT /api/settings/:key", () => {
  it("rejects anonymous users and attendants", async () => {
    const payload = { value: "enabled" };
    expect((await server.request({ method: "PUT", url: "/api/settings/userCreation", payload })).statusCode).toBe(401);
    const response = await server.request({ method: "PUT", url: "/api/settings/userCreation", payload, token: attendant });
    expect(response.statusCode).toBe(403);
  });

  it("answers ERR_NO_SETTING_FOUND for an unknown key", async () => {
    const response = await server.request({ method: "PUT", url: "/api/settings/nope", payload: { value: "x" }, token: admin });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe("ERR_NO_SETTING_FOUND");
  });

  it("refuses a value other than enabled/disabled for userCreation", async () => {
    const response = await server.request({ method: "PUT", url: "/api/settings/userCreation", payload: { value: "maybe" }, token: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("ERR_MISSING_VALUES");
  });

  it("updates userCreation and the public config follows", async () => {
    const response = await server.request({ method: "PUT", url: "/api/settings/userCreation", payload: { value: "enabled" }, token: admin });
    expect(response.json()).toMatchObject({ key: "userCreation", value: "enabled" });
    const config = await server.request({ method: "GET", url: "/api/public/config" });
    expect(config.json().userCreation).toBe("enabled");
  });

  it("regenerates the API token whatever value is sent", async () => {
    const before = (await server.request({ method: "GET", url: "/api/settings", token: admin }))
      .json()
      .find((s: { key: string }) => s.key === "userApiToken").value;
    const response = await server.request({ method: "PUT", url: "/api/settings/userApiToken", payload: { value: "mine" }, token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json().value).not.toBe(before);
    expect(response.json().value).not.toBe("mine");
  });
});

describe("GET /api/public/config", () => {
  it("gives branding, the shutdown banner and the install's time zone to anonymous visitors", async () => {
    const response = await server.request({ method: "GET", url: "/api/public/config" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      appTitle: "Acme Desk",
      shutdownBanner: { date: "31/12", migrationUrl: "https://wa.me/5500000000" },
      autoCloseHours: 0,
      timeZone: "Asia/Kolkata",
    });
  });
});
