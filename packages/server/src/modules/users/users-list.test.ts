import type { User } from "@atendo/contracts";
import { limits } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.js";
import { ADMIN, createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectRefused } from "../../test/route-guards.js";

let server: TestServer;
let admin: string;
let attendant: string;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  attendant = (await server.createUser()).token;
});
afterAll(() => server.close());

/** Bulk users straight into the table: the list is under test here, not hashing. */
async function insertUsers(names: string[], isDeleted = false) {
  const rows = names.map((name, i) => ({
    name,
    email: `${name.toLowerCase().replace(/\W+/g, ".")}.${i}@list.test`,
    passwordHash: "not-a-real-hash",
    isDeleted,
  }));
  return server.ctx.db.insert(users).values(rows).returning();
}

function list(query: string) {
  return server.request({ method: "GET", url: `/api/users?${query}`, token: admin });
}

describe("GET /api/users and /api/users/search/items: guards", () => {
  const calls = [
    { method: "GET", url: "/api/users" },
    { method: "GET", url: "/api/users/search/items?email=someone@atendo.test" },
  ] as const;

  it("rejects anonymous users", async () => {
    await expectRefused(server, calls, anonymous, 401, "ERR_SESSION_EXPIRED");
  });

  it("rejects attendants", async () => {
    await expectRefused(server, calls, attendant, 403, "ERR_NO_PERMISSION");
  });
});

describe("GET /api/users", () => {
  it("pages active users by name, 20 a page, saying whether more exist", async () => {
    const names = Array.from({ length: limits.pageSize + 1 }, (_, i) => `Pager ${String(i).padStart(2, "0")}`);
    await insertUsers(names);
    const first = (await list("searchParam=pager&pageNumber=1")).json();
    expect(first.users.map((u: User) => u.name)).toEqual(names.slice(0, limits.pageSize));
    expect(first.hasMore).toBe(true);
    const second = (await list("searchParam=pager&pageNumber=2")).json();
    expect(second.users.map((u: User) => u.name)).toEqual([names[limits.pageSize]]);
    expect(second.hasMore).toBe(false);
  });

  it("searches name and email case-insensitively and orders by name regardless of case", async () => {
    await insertUsers(["charlie Findme", "Bravo Findme", "alpha Findme", "Other Person"]);
    const byName = (await list("searchParam=FINDME")).json();
    expect(byName.users.map((u: User) => u.name)).toEqual(["alpha Findme", "Bravo Findme", "charlie Findme"]);
    const byEmail = (await list(`searchParam=${encodeURIComponent("other.person")}`)).json();
    expect(byEmail.users.map((u: User) => u.name)).toEqual(["Other Person"]);
  });

  it("treats LIKE wildcards in the search literally", async () => {
    await insertUsers(["Hundred 100% Sure", "Hundred 1000 Sure"]);
    expect((await list(`searchParam=${encodeURIComponent("100%")}`)).json().users.map((u: User) => u.name)).toEqual([
      "Hundred 100% Sure",
    ]);
    expect((await list("searchParam=_")).json().users).toEqual([]);
  });

  it("leaves out soft-deleted users", async () => {
    await insertUsers(["Ghost Listed"], true);
    expect((await list("searchParam=ghost")).json()).toEqual({ users: [], hasMore: false });
  });

  it("lists everyone without a search, the admin included, with queues and no secrets", async () => {
    const response = await list("");
    expect(response.statusCode).toBe(200);
    const me = response.json().users.find((u: User) => u.email === ADMIN.email);
    expect(me).toMatchObject({ profile: "admin", queues: [], whatsapp: null, isDeleted: false });
    expect(me).not.toHaveProperty("passwordHash");
  });

  it("validates the page number and the search length", async () => {
    expect((await list("pageNumber=0")).statusCode).toBe(400);
    expect((await list("pageNumber=abc")).statusCode).toBe(400);
    expect((await list(`searchParam=${"x".repeat(limits.searchMaxChars)}`)).statusCode).toBe(200);
    expect((await list(`searchParam=${"x".repeat(limits.searchMaxChars + 1)}`)).json().error).toBe("ERR_MISSING_VALUES");
  });
});

describe("GET /api/users/search/items", () => {
  function byEmail(email: string) {
    return server.request({ method: "GET", url: `/api/users/search/items?email=${encodeURIComponent(email)}`, token: admin });
  }

  it("finds an active user by email, whatever its case", async () => {
    const [row] = await insertUsers(["Active Holder"]);
    const response = await byEmail(row!.email.toUpperCase());
    expect(response.json().user).toMatchObject({ id: row!.id, isDeleted: false });
  });

  it("reveals a soft-deleted user to admins (re-enable flow)", async () => {
    const [row] = await insertUsers(["Removed Holder"], true);
    expect((await byEmail(row!.email)).json().user).toMatchObject({ id: row!.id, name: "Removed Holder", isDeleted: true });
  });

  it("answers user null for an unknown email and 400 for an invalid one", async () => {
    expect((await byEmail("nobody@list.test")).json()).toEqual({ user: null });
    expect((await byEmail("not-an-email")).statusCode).toBe(400);
  });
});

describe("GET /api/users/directory", () => {
  it("rejects anonymous users", async () => {
    await expectRefused(server, [{ method: "GET", url: "/api/users/directory" }], anonymous, 401, "ERR_SESSION_EXPIRED");
  });

  it("lets an attendant find active colleagues by name or email, with only their id, name, email and presence", async () => {
    const [kept] = await insertUsers(["Directory Dora"]);
    await insertUsers(["Directory Gone"], true);
    for (const searchParam of ["directory", "DIRECTORY.DORA"]) {
      const response = await server.request({ method: "GET", url: `/api/users/directory?searchParam=${searchParam}`, token: attendant });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ users: [{ id: kept?.id, name: "Directory Dora", email: kept?.email, presence: "offline" }], hasMore: false });
    }
  });

  it("pages like the users table", async () => {
    await insertUsers(Array.from({ length: limits.pageSize + 1 }, (_, i) => `Paged Peer ${String(i).padStart(2, "0")}`));
    const first = (await server.request({ method: "GET", url: "/api/users/directory?searchParam=paged%20peer", token: attendant })).json();
    expect(first.users).toHaveLength(limits.pageSize);
    expect(first.hasMore).toBe(true);
    const second = (await server.request({ method: "GET", url: "/api/users/directory?searchParam=paged%20peer&pageNumber=2", token: attendant })).json();
    expect(second.users.map((u: { name: string }) => u.name)).toEqual([`Paged Peer ${limits.pageSize}`]);
  });
});
