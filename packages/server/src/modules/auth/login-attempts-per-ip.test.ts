import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestServer, type TestServer } from "../../test/harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ LOGIN_ATTEMPTS_PER_IP: "3" });
});
afterAll(() => server.close());

const signIn = (ip: string) => server.app.inject({ method: "POST", url: "/api/auth/login", payload: ADMIN, remoteAddress: ip });

// docs/decisions/0002: the limit on attempts of any kind per address is the install's to set.
describe("LOGIN_ATTEMPTS_PER_IP", () => {
  it("refuses the attempt past it from one address, successful ones included, and no other address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn("10.7.0.1")).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await signIn("10.7.0.1")).json().error).toBe("ERR_TOO_MANY_LOGIN_ATTEMPTS");
    expect((await signIn("10.7.0.2")).statusCode).toBe(200);
  });
});
