import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.js";
import { ADMIN, createTestServer, type TestServer } from "../../test/harness.js";

/** The last-admin guard under concurrency: its check and its write are one atomic step. */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

async function activeAdmins(): Promise<number> {
  const [row] = await server.ctx.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.profile, "admin"), eq(users.isDeleted, false)));
  return row?.n ?? 0;
}

async function makeAdmin(id: number): Promise<void> {
  await server.ctx.db.update(users).set({ profile: "admin" }).where(eq(users.id, id));
}

describe("two admins taking each other's admin profile at once", () => {
  it("leaves at least one active admin, every round", async () => {
    const first = { id: (await server.login(ADMIN.email, ADMIN.password)).user.id, token: await server.adminToken() };
    const second = await server.createUser({ profile: "admin" });
    const rounds = [
      { profile: "user" }, // demotions
      { isDeleted: true }, // removals
      { profile: "user" },
    ];
    for (const payload of rounds) {
      expect(await activeAdmins()).toBe(2);
      const [a, b] = await Promise.all([
        server.request({ method: "PUT", url: `/api/users/${second.id}`, token: first.token, payload }),
        server.request({ method: "PUT", url: `/api/users/${first.id}`, token: second.token, payload }),
      ]);
      const statuses = [a.statusCode, b.statusCode];
      expect(await activeAdmins(), `answers ${statuses.join(", ")}`).toBe(1);
      // One change went through; the other was refused by the guard (or, if it came second,
      // by its sender no longer being an admin, or signed in, by then).
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      for (const refused of [a, b].filter((r) => r.statusCode !== 200)) {
        expect(["ERR_LAST_ADMIN", "ERR_NO_PERMISSION", "ERR_SESSION_EXPIRED"]).toContain(refused.json().error);
      }
      // Back to two active admins for the next round (their sessions may have ended on removal).
      const loser = a.statusCode === 200 ? second : first;
      await server.ctx.db.update(users).set({ isDeleted: false }).where(eq(users.id, loser.id));
      await makeAdmin(loser.id);
      if (payload.isDeleted) {
        first.token = (await server.login(ADMIN.email, ADMIN.password)).token;
        second.token = (await server.login(second.email, second.password)).token;
      }
    }
  });
});
