import type { Queue, User } from "@atendo/contracts";
import { limits } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQueue, uniqueColor } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectError, expectRefused } from "../../test/route-guards.js";
import type { Person } from "../../test/ticket-fixtures.js";

/**
 * The settings automatic assignment reads (decision 0079): a queue's `assignment` and
 * `returnToLastAttendant` (POST/PUT /api/queue), a user's `maxOpenTickets` (POST/PUT /api/users).
 * Admins write them; attendants of any queue do not, not even their own capacity.
 */
let server: TestServer;
let admin: string;
let inQueue: Person;
let elsewhere: Person;
let queue: Queue;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  inQueue = await server.createUser({ name: "Member Mia" });
  elsewhere = await server.createUser({ name: "Other Otto" });
  queue = await createQueue(server, admin, { userIds: [inQueue.id] });
  await createQueue(server, admin, { userIds: [elsewhere.id] });
});
afterAll(() => server.close());

const request = (method: "POST" | "PUT", url: string, payload: object, token = admin) => server.request({ method, url, token, payload });

describe("guards on the changed routes", () => {
  it("refuse anonymous callers, and attendants of this queue or another, writing the assignment settings", async () => {
    const calls = [
      { method: "POST", url: "/api/queue", payload: { name: "Round Robin Queue", color: uniqueColor(), assignment: "roundRobin" } },
      { method: "PUT", url: `/api/queue/${queue.id}`, payload: { assignment: "leastBusy", returnToLastAttendant: true } },
      { method: "POST", url: "/api/users", payload: { name: "New Person", email: "new.person@atendo.test", password: "password-1", maxOpenTickets: 3 } },
      { method: "PUT", url: `/api/users/${elsewhere.id}`, payload: { maxOpenTickets: 3 } },
    ] as const;
    await expectRefused(server, calls, anonymous, 401, "ERR_SESSION_EXPIRED");
    await expectRefused(server, calls, inQueue.token, 403, "ERR_NO_PERMISSION");
    await expectRefused(server, calls, elsewhere.token, 403, "ERR_NO_PERMISSION");
    const shown = (await server.request({ method: "GET", url: `/api/queue/${queue.id}`, token: admin })).json() as Queue;
    expect(shown).toMatchObject({ assignment: "manual", returnToLastAttendant: false });
  });

  it("refuse an attendant raising their own capacity, and accept the same value sent back by the profile form", async () => {
    await expectError(request("PUT", `/api/users/${inQueue.id}`, { maxOpenTickets: 50 }, inQueue.token), 403, "ERR_NO_PERMISSION");
    await expectError(request("PUT", `/api/users/${inQueue.id}`, { maxOpenTickets: 5 }, inQueue.token), 403, "ERR_NO_PERMISSION");
    const same = await request("PUT", `/api/users/${inQueue.id}`, { maxOpenTickets: null }, inQueue.token);
    expect(same.statusCode).toBe(200);
  });
});

describe("queue assignment settings", () => {
  it("default to manual without the returning-customer rule, and are saved and answered by POST, PUT and GET", async () => {
    const created = await request("POST", "/api/queue", { name: "Default Mode", color: uniqueColor() });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ assignment: "manual", returnToLastAttendant: false });

    const id = (created.json() as Queue).id;
    const updated = await request("PUT", `/api/queue/${id}`, { assignment: "leastBusy", returnToLastAttendant: true });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ assignment: "leastBusy", returnToLastAttendant: true, name: "Default Mode" });
    const listed = (await server.request({ method: "GET", url: "/api/queue", token: inQueue.token })).json() as Queue[];
    expect(listed.find((q) => q.id === id)).toMatchObject({ assignment: "leastBusy", returnToLastAttendant: true });

    const roundRobin = await request("POST", "/api/queue", { name: "Round Robin", color: uniqueColor(), assignment: "roundRobin" });
    expect(roundRobin.json()).toMatchObject({ assignment: "roundRobin" });
  });

  it("refuse an unknown mode or a non-boolean rule with 400 ERR_MISSING_VALUES", async () => {
    for (const payload of [{ assignment: "random" }, { assignment: null }, { returnToLastAttendant: "yes" }]) {
      await expectError(request("PUT", `/api/queue/${queue.id}`, payload), 400, "ERR_MISSING_VALUES");
    }
    await expectError(request("POST", "/api/queue", { name: "Bad Mode", color: uniqueColor(), assignment: "fastest" }), 400, "ERR_MISSING_VALUES");
  });
});

describe("a user's maxOpenTickets", () => {
  it("is empty (unlimited) unless given, a whole number from 1 up to the limit, and null empties it", async () => {
    const created = await request("POST", "/api/users", { name: "Capacity Cleo", email: "cleo@atendo.test", password: "password-1" });
    expect(created.statusCode).toBe(201);
    const user = created.json() as User;
    expect(user.maxOpenTickets).toBeNull();

    for (const value of [limits.maxOpenTickets.min, limits.maxOpenTickets.max, 7]) {
      const response = await request("PUT", `/api/users/${user.id}`, { maxOpenTickets: value });
      expect(response.statusCode).toBe(200);
      expect((response.json() as User).maxOpenTickets).toBe(value);
    }
    const read = (await server.request({ method: "GET", url: `/api/users/${user.id}`, token: admin })).json() as User;
    expect(read.maxOpenTickets).toBe(7);
    const emptied = await request("PUT", `/api/users/${user.id}`, { maxOpenTickets: null });
    expect((emptied.json() as User).maxOpenTickets).toBeNull();

    const withCapacity = await request("POST", "/api/users", { name: "Capacity Carl", email: "carl@atendo.test", password: "password-1", maxOpenTickets: 4 });
    expect((withCapacity.json() as User).maxOpenTickets).toBe(4);
  });

  it("refuses 0, negatives, fractions, text and values past the limit with 400 ERR_MISSING_VALUES", async () => {
    for (const value of [0, -1, 1.5, "3", "", limits.maxOpenTickets.max + 1]) {
      await expectError(request("PUT", `/api/users/${inQueue.id}`, { maxOpenTickets: value }), 400, "ERR_MISSING_VALUES");
      await expectError(
        request("POST", "/api/users", { name: "Bad Capacity", email: `bad${String(value)}@atendo.test`, password: "password-1", maxOpenTickets: value }),
        400,
        "ERR_MISSING_VALUES",
      );
    }
  });
});
