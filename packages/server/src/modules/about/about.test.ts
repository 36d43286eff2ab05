import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ APP_VERSION: "1.2.3" });
});
afterAll(() => server.close());

describe("GET /api/about", () => {
  it("rejects anonymous users and attendants", async () => {
    expect((await server.request({ method: "GET", url: "/api/about" })).statusCode).toBe(401);
    const user = await server.createUser();
    expect((await server.request({ method: "GET", url: "/api/about", token: user.token })).statusCode).toBe(403);
  });

  it("counts active users and administrators for admins", async () => {
    await server.createUser({ profile: "admin" });
    const response = await server.request({ method: "GET", url: "/api/about", token: await server.adminToken() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ usersCount: 3, administrators: 2, libVersion: expect.any(String), tagVersion: "1.2.3" });
  });
});
