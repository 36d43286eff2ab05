import type { Connection } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";

/**
 * The spec's clients send the user form's empty connection select as `""` (or `false`): both mean
 * "no default connection", like null (docs/compatibility.md).
 */

let server: TestServer;
let admin: string;
let line: Connection;
let seq = 0;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  const queue = await createQueue(server, admin);
  line = await createConnection(server, admin, { name: "Main line", destinationType: "queue", destinationItem: queue.id });
});
afterAll(() => server.close());

function post(whatsappId: unknown) {
  const n = ++seq;
  const payload = { name: `Spec ${n}`, email: `spec${n}@compat.test`, password: "password-1", profile: "user", whatsappId };
  return server.request({ method: "POST", url: "/api/users", token: admin, payload });
}

describe("whatsappId on the user forms", () => {
  it.each([[""], [false], [null]])("POST /users with %j creates a user with no default connection", async (none) => {
    const response = await post(none);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ whatsappId: null, whatsapp: null });
  });

  it.each([[""], [false], [null]])("PUT /users/{id} with %j clears the default connection", async (none) => {
    const created = (await post(line.id)).json() as { id: number; whatsappId: number };
    expect(created.whatsappId).toBe(line.id);
    const response = await server.request({ method: "PUT", url: `/api/users/${created.id}`, token: admin, payload: { whatsappId: none } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ whatsappId: null, whatsapp: null });
  });

  it.each([["abc"], [true], [0], [-3], ["1"]])("refuses %j with a catalogued 400, creating nothing", async (bad) => {
    const email = `spec${seq + 1}@compat.test`;
    const response = await post(bad);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("ERR_MISSING_VALUES");
    const found = await server.request({ method: "GET", url: `/api/users/search/items?email=${encodeURIComponent(email)}`, token: admin });
    expect(found.json()).toEqual({ user: null });
  });
});
