import type { About } from "@atendo/contracts";
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

  it("counts active users, administrators and supervisors for admins", async () => {
    await server.createUser({ profile: "admin" });
    await server.createUser({ profile: "supervisor" });
    const response = await server.request({ method: "GET", url: "/api/about", token: await server.adminToken() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      usersCount: 4,
      administrators: 2,
      supervisors: 1,
      licence: { users: 5, administrators: 1 },
      assistant: { enabled: false, usesLast30Days: 0 },
      libVersion: expect.any(String),
      tagVersion: "1.2.3",
    });
  });

  it("shows the licence's seats as the environment sets them (issue 28)", async () => {
    const licensed = await createTestServer({ LICENCE_USERS: "2", LICENCE_ADMINISTRATORS: "2" });
    try {
      await licensed.createUser();
      await licensed.createUser({ profile: "admin" });
      const about = (await licensed.request({ method: "GET", url: "/api/about", token: await licensed.adminToken() })).json() as About;
      // Three users (the first admin, an attendant, a second admin) on two seats: over the licence.
      expect(about).toMatchObject({ usersCount: 3, administrators: 2, licence: { users: 2, administrators: 2 } });
    } finally {
      await licensed.close();
    }
  });
});
