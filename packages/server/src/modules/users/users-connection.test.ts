import type { Connection, User } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connections, users } from "../../db/schema/index.js";
import { createConnection } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";

/** A user's default connection (`whatsappId`, spec §3): an existing connection, or none. */

let server: TestServer;
let admin: string;
let sales: Connection;
let support: Connection;
let seq = 0;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  const queue = await createQueue(server, admin);
  sales = await createConnection(server, admin, { name: "Sales line", destinationType: "queue", destinationItem: queue.id });
  support = await createConnection(server, admin, { name: "Support line", destinationType: "queue", destinationItem: queue.id });
});
afterAll(() => server.close());

function post(whatsappId: number | null | undefined) {
  const n = ++seq;
  const payload = { name: `Linked ${n}`, email: `linked${n}@connection.test`, password: "password-1", whatsappId };
  return server.request({ method: "POST", url: "/api/users", token: admin, payload });
}

function put(id: number, payload: object) {
  return server.request({ method: "PUT", url: `/api/users/${id}`, token: admin, payload });
}

describe("a user's default connection", () => {
  it("is saved on create and shown as whatsapp {id, name}", async () => {
    const response = await post(sales.id);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ whatsappId: sales.id, whatsapp: { id: sales.id, name: "Sales line" } });
    const read = await server.request({ method: "GET", url: `/api/users/${response.json().id}`, token: admin });
    expect(read.json().whatsapp).toEqual({ id: sales.id, name: "Sales line" });
  });

  it("is optional: none gives whatsappId and whatsapp null", async () => {
    const response = await post(undefined);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ whatsappId: null, whatsapp: null });
  });

  it("refuses a connection that does not exist, creating nothing", async () => {
    const response = await post(999_999);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe("ERR_NO_WAPP_FOUND");
    const found = await server.request({ method: "GET", url: `/api/users/search/items?email=linked${seq}@connection.test`, token: admin });
    expect(found.json().user).toBeNull();
  });

  it("is changed and cleared by PUT, and an unknown one changes nothing", async () => {
    const user: User = (await post(sales.id)).json();
    const changed = await put(user.id, { whatsappId: support.id });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().whatsapp).toEqual({ id: support.id, name: "Support line" });

    const refused = await put(user.id, { name: "Renamed Meanwhile", whatsappId: 999_999 });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe("ERR_NO_WAPP_FOUND");
    const after = (await server.request({ method: "GET", url: `/api/users/${user.id}`, token: admin })).json();
    expect(after).toMatchObject({ name: user.name, whatsappId: support.id });

    const cleared = await put(user.id, { whatsappId: null });
    expect(cleared.json()).toMatchObject({ whatsappId: null, whatsapp: null });
  });

  it("is named for every user of a list page", async () => {
    const a: User = (await post(sales.id)).json();
    const b: User = (await post(support.id)).json();
    const c: User = (await post(null)).json();
    const page = await server.request({ method: "GET", url: "/api/users?searchParam=linked", token: admin });
    const byId = new Map((page.json().users as User[]).map((u) => [u.id, u.whatsapp]));
    expect(byId.get(a.id)).toEqual({ id: sales.id, name: "Sales line" });
    expect(byId.get(b.id)).toEqual({ id: support.id, name: "Support line" });
    expect(byId.get(c.id)).toBeNull();
  });

  it("is cleared when the connection is deleted", async () => {
    const queue = await createQueue(server, admin);
    const doomed = await createConnection(server, admin, { name: "Doomed line", destinationType: "queue", destinationItem: queue.id });
    const user: User = (await post(doomed.id)).json();
    expect((await server.request({ method: "DELETE", url: `/api/whatsapp/${doomed.id}`, token: admin })).statusCode).toBe(200);
    const read = (await server.request({ method: "GET", url: `/api/users/${user.id}`, token: admin })).json();
    expect(read).toMatchObject({ whatsappId: null, whatsapp: null });
  });

  it("is held by a foreign key: ON DELETE SET NULL, and no id of a missing connection", async () => {
    const queue = await createQueue(server, admin);
    const doomed = await createConnection(server, admin, { name: "Raw line", destinationType: "queue", destinationItem: queue.id });
    const user: User = (await post(doomed.id)).json();
    // Straight to the tables, past the services: the database keeps the rule on its own.
    await server.ctx.db.delete(connections).where(eq(connections.id, doomed.id));
    const [row] = await server.ctx.db.select({ whatsappId: users.whatsappId }).from(users).where(eq(users.id, user.id));
    expect(row?.whatsappId).toBeNull();
    await expect(server.ctx.db.update(users).set({ whatsappId: 999_999 }).where(eq(users.id, user.id))).rejects.toThrow();
  });
});
