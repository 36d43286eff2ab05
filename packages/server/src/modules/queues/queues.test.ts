import type { MessagePage, Queue } from "@atendo/contracts";
import { limits } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection } from "../../test/channel-fixtures.js";
import { createQueue, uniqueColor } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectMissingId, expectRefused, resourceCalls } from "../../test/route-guards.js";
import { seedTicket } from "../../test/ticket-fixtures.js";

let server: TestServer;
let admin: string;
let attendant: { id: number; token: string };
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  attendant = await server.createUser({ name: "Attendant Ann" });
});
afterAll(() => server.close());

function post(payload: object) {
  return server.request({ method: "POST", url: "/api/queue", token: admin, payload });
}

function put(id: number, payload: object) {
  return server.request({ method: "PUT", url: `/api/queue/${id}`, token: admin, payload });
}

describe("queue routes: guards", () => {
  it("reject anonymous users on every route", async () => {
    const calls = resourceCalls("/api/queue", { create: { name: "Sales", color: "#123456" }, update: { name: "Sales" } });
    await expectRefused(server, calls, anonymous, 401, "ERR_SESSION_EXPIRED");
  });

  it("let attendants read queues but not write them", async () => {
    const queue = await createQueue(server, admin);
    expect((await server.request({ method: "GET", url: "/api/queue", token: attendant.token })).statusCode).toBe(200);
    expect((await server.request({ method: "GET", url: `/api/queue/${queue.id}`, token: attendant.token })).json().id).toBe(queue.id);
    const writes = [
      { method: "POST", url: "/api/queue", payload: { name: "Attendant Queue", color: uniqueColor() } },
      { method: "PUT", url: `/api/queue/${queue.id}`, payload: { name: "Renamed By Attendant" } },
      { method: "DELETE", url: `/api/queue/${queue.id}` },
    ] as const;
    await expectRefused(server, writes, attendant.token, 403, "ERR_NO_PERMISSION");
    expect((await server.request({ method: "GET", url: `/api/queue/${queue.id}`, token: admin })).json().name).toBe(queue.name);
  });
});

describe("POST /api/queue", () => {
  it("creates a queue with an upper-case colour, an empty greeting by default and its members", async () => {
    const response = await post({ name: "Support", color: "#a1b2c3", userIds: [attendant.id] });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: "Support",
      color: "#A1B2C3",
      greetingMessage: "",
      users: [{ id: attendant.id, name: "Attendant Ann" }],
    });
  });

  it("checks the name 2–50 and the greeting length at and past each bound", async () => {
    const { min, max } = limits.name;
    expect((await post({ name: "x".repeat(min - 1), color: uniqueColor() })).statusCode).toBe(400);
    expect((await post({ name: "a".repeat(min), color: uniqueColor() })).statusCode).toBe(201);
    expect((await post({ name: "b".repeat(max), color: uniqueColor() })).statusCode).toBe(201);
    expect((await post({ name: "c".repeat(max + 1), color: uniqueColor() })).statusCode).toBe(400);
    const greeting = "g".repeat(limits.queueGreetingMax);
    expect((await post({ name: "Greeter", color: uniqueColor(), greetingMessage: greeting })).json().greetingMessage).toBe(greeting);
    const tooLong = await post({ name: "Greeter 2", color: uniqueColor(), greetingMessage: `${greeting}g` });
    expect(tooLong.json().error).toBe("ERR_MISSING_VALUES");
  });

  it("requires a #RRGGBB colour", async () => {
    for (const color of ["red", "#12345", "#1234567", "123456", "#GGGGGG", ""]) {
      expect((await post({ name: `Colour ${color}`, color })).statusCode, color).toBe(400);
    }
    expect((await post({ name: "No Colour" })).statusCode).toBe(400);
  });

  it("refuses a colour in use, whatever its case", async () => {
    await createQueue(server, admin, { color: "#00ff00" });
    const response = await post({ name: "Green Again", color: "#00FF00" });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe("ERR_QUEUE_COLOR_ALREADY_EXISTS");
  });

  it("refuses a name in use, whatever its case", async () => {
    await createQueue(server, admin, { name: "Billing" });
    const response = await post({ name: "BILLING", color: uniqueColor() });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe("ERR_QUEUE_NAME_ALREADY_EXISTS");
  });

  it("refuses unknown and removed users as members", async () => {
    expect((await post({ name: "Ghosts", color: uniqueColor(), userIds: [999_999] })).json().error).toBe("ERR_NO_USER_FOUND");
    const gone = await server.createUser();
    await server.request({ method: "DELETE", url: `/api/users/${gone.id}`, token: admin });
    const response = await post({ name: "Ghosts", color: uniqueColor(), userIds: [gone.id] });
    expect(response.statusCode).toBe(404);
    expect((await server.request({ method: "GET", url: "/api/queue", token: admin })).json().map((q: Queue) => q.name)).not.toContain("Ghosts");
  });
});

describe("queue business hours", () => {
  const hours = [[], [{ start: "08:00", end: "18:00" }], [{ start: "08:00", end: "18:00" }], [], [], [], []];

  it("default to always open with no message; stored on create and update, as read back", async () => {
    expect(await createQueue(server, admin)).toMatchObject({ businessHours: null, outOfHoursMessage: "" });
    const response = await post({ name: "Office Hours", color: uniqueColor(), businessHours: hours, outOfHoursMessage: "Back at 8." });
    expect(response.json()).toMatchObject({ businessHours: hours, outOfHoursMessage: "Back at 8." });
    const id = response.json().id as number;
    expect((await put(id, { businessHours: null, outOfHoursMessage: "" })).json()).toMatchObject({ businessHours: null, outOfHoursMessage: "" });
    expect((await put(id, { businessHours: hours })).json()).toMatchObject({ businessHours: hours, outOfHoursMessage: "" });
    expect((await server.request({ method: "GET", url: `/api/queue/${id}`, token: admin })).json()).toMatchObject({ businessHours: hours });
  });

  it("refuse a week that is not seven days or a day with more than three intervals", async () => {
    const busy = [{ start: "08:00", end: "09:00" }, { start: "10:00", end: "11:00" }, { start: "12:00", end: "13:00" }, { start: "14:00", end: "15:00" }];
    for (const businessHours of [hours.slice(1), [busy, [], [], [], [], [], []], [[{ start: "8:00", end: "18:00" }], [], [], [], [], [], []]]) {
      expect((await post({ name: "Bad Hours", color: uniqueColor(), businessHours })).json().error).toBe("ERR_MISSING_VALUES");
    }
  });
});

describe("GET /api/queue and /api/queue/:id", () => {
  it("lists queues by name with their active members only", async () => {
    const member = await server.createUser({ name: "Zoe Member" });
    const leaving = await server.createUser({ name: "Yan Leaving" });
    const queue = await createQueue(server, admin, { name: "Listed Queue", userIds: [member.id, leaving.id] });
    await server.request({ method: "DELETE", url: `/api/users/${leaving.id}`, token: admin });
    const all = (await server.request({ method: "GET", url: "/api/queue", token: admin })).json() as Queue[];
    expect(all.find((q) => q.id === queue.id)?.users).toEqual([{ id: member.id, name: "Zoe Member" }]);
    const names = all.map((q) => q.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it("answers ERR_QUEUE_NOT_FOUND for a missing id on read, update and delete", async () => {
    await expectMissingId(server, "/api/queue", admin, "ERR_QUEUE_NOT_FOUND");
  });
});

describe("PUT /api/queue/:id", () => {
  it("changes only the fields given and replaces members when userIds is sent", async () => {
    const a = await server.createUser({ name: "Member A" });
    const b = await server.createUser({ name: "Member B" });
    const queue = await createQueue(server, admin, { greetingMessage: "Hello!", userIds: [a.id] });
    const renamed = (await put(queue.id, { name: "Renamed Queue", color: "#abcdef" })).json();
    expect(renamed).toMatchObject({ name: "Renamed Queue", color: "#ABCDEF", greetingMessage: "Hello!", users: [{ id: a.id }] });
    const moved = (await put(queue.id, { userIds: [b.id] })).json();
    expect(moved.users).toEqual([{ id: b.id, name: "Member B" }]);
  });

  it("refuses another queue's colour", async () => {
    const taken = await createQueue(server, admin);
    const queue = await createQueue(server, admin);
    const response = await put(queue.id, { color: taken.color.toLowerCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe("ERR_QUEUE_COLOR_ALREADY_EXISTS");
  });
});

describe("DELETE /api/queue/:id", () => {
  it("removes the queue and its memberships, keeping the users", async () => {
    const member = await server.createUser();
    const queue = await createQueue(server, admin, { userIds: [member.id] });
    expect((await server.request({ method: "DELETE", url: `/api/queue/${queue.id}`, token: admin })).json()).toEqual({ ok: true });
    expect((await server.request({ method: "GET", url: `/api/queue/${queue.id}`, token: admin })).statusCode).toBe(404);
    const user = (await server.request({ method: "GET", url: `/api/users/${member.id}`, token: admin })).json();
    expect(user).toMatchObject({ isDeleted: false, queues: [] });
  });

  it("keeps the queue's tickets and their messages, moved to no queue", async () => {
    const queue = await createQueue(server, admin);
    const routed = await createQueue(server, admin);
    const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: routed.id });
    const seeded = {
      pending: await seedTicket(server, { connectionId: connection.id, status: "pending", queueId: queue.id, messages: ["Waiting"] }),
      open: await seedTicket(server, { connectionId: connection.id, status: "open", userId: attendant.id, queueId: queue.id, messages: ["Talking"] }),
      closed: await seedTicket(server, { connectionId: connection.id, status: "closed", queueId: queue.id, messages: ["Done"] }),
      elsewhere: await seedTicket(server, { connectionId: connection.id, status: "pending", queueId: routed.id }),
    };

    expect((await server.request({ method: "DELETE", url: `/api/queue/${queue.id}`, token: admin })).statusCode).toBe(200);

    for (const [status, id] of [["pending", seeded.pending], ["open", seeded.open], ["closed", seeded.closed]] as const) {
      const shown = await server.request({ method: "GET", url: `/api/tickets/${id}`, token: admin });
      expect(shown.statusCode).toBe(200);
      expect(shown.json().ticket).toMatchObject({ id, status, queueId: null, queue: null });
      const page = (await server.request({ method: "GET", url: `/api/messages/${id}`, token: admin })).json() as MessagePage;
      expect(page.messages).toHaveLength(1);
    }
    const untouched = await server.request({ method: "GET", url: `/api/tickets/${seeded.elsewhere}`, token: admin });
    expect(untouched.json().ticket).toMatchObject({ queueId: routed.id });
  });
});
