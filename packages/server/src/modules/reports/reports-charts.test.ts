import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, tickets } from "../../db/schema/index.js";
import { createConnection, inbound } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { chartsOf, seedReportTicket } from "../../test/report-fixtures.js";

// The install is in São Paulo (UTC−3): days and hours are on its clock. 1 October 2026 is a Thursday.
let server: TestServer;
let admin: string;
let alice: { id: number };
let bob: { id: number };
let queueA: { id: number; name: string };
let queueB: { id: number; name: string };
let connection: Awaited<ReturnType<typeof createConnection>>;
const period = { startDate: "2026-10-01", endDate: "2026-10-03T23:59:59" };

beforeAll(async () => {
  server = await createTestServer({ TIME_ZONE: "America/Sao_Paulo" });
  admin = await server.adminToken();
  alice = await server.createUser({ name: "Alice" });
  bob = await server.createUser({ name: "Bob" });
  queueA = await createQueue(server, admin, { name: "Sales", greetingMessage: "Welcome to Sales" });
  queueB = await createQueue(server, admin, { name: "Support" });
  connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: queueA.id });
  const seed = (input: Omit<Parameters<typeof seedReportTicket>[1], "connectionId">) => seedReportTicket(server, { connectionId: connection.id, ...input });
  // Thursday 09:00: answered after 60 s (the automatic greeting does not count), resolved after an hour.
  await seed({
    status: "closed",
    userId: alice.id,
    queueId: queueA.id,
    createdAt: "2026-10-01T12:00:00Z",
    firstResponseAt: "2026-10-01T12:01:00Z",
    closedAt: "2026-10-01T13:00:00Z",
    messages: [
      { at: "2026-10-01T12:00:00Z", from: "in" },
      { at: "2026-10-01T12:00:01Z", from: "auto" },
      { at: "2026-10-01T12:01:00Z", from: "out" },
    ],
  });
  // Thursday 22:30 (Friday in UTC): answered after 120 s, resolved after two hours, on Friday.
  await seed({
    status: "closed",
    userId: alice.id,
    queueId: queueA.id,
    createdAt: "2026-10-02T01:30:00Z",
    firstResponseAt: "2026-10-02T01:32:00Z",
    closedAt: "2026-10-02T03:30:00Z",
    messages: [
      { at: "2026-10-02T01:30:00Z", from: "in" },
      { at: "2026-10-02T01:32:00Z", from: "out" },
    ],
  });
  // Friday 14:00, Bob's, still open: answered after 600 s.
  await seed({
    status: "open",
    userId: bob.id,
    queueId: queueB.id,
    createdAt: "2026-10-02T17:00:00Z",
    firstResponseAt: "2026-10-02T17:10:00Z",
    messages: [
      { at: "2026-10-02T17:00:00Z", from: "in" },
      { at: "2026-10-02T17:05:00Z", from: "in" },
      { at: "2026-10-02T17:10:00Z", from: "out" },
    ],
  });
  // Friday 09:00: answered after 300 s, resolved after 600 s.
  await seed({ status: "closed", userId: alice.id, queueId: queueA.id, createdAt: "2026-10-02T12:00:00Z", firstResponseAt: "2026-10-02T12:05:00Z", closedAt: "2026-10-02T12:10:00Z" });
  // Saturday 08:00, waiting, no answer yet.
  await seed({ status: "pending", queueId: queueA.id, createdAt: "2026-10-03T11:00:00Z", messages: [{ at: "2026-10-03T11:00:00Z", from: "in" }] });
  // Created before the period (Wednesday 23:00), answered and resolved in it on Thursday: its
  // resolution and its message of that day count, not its creation nor its durations.
  await seed({
    status: "closed",
    userId: alice.id,
    queueId: queueA.id,
    createdAt: "2026-10-01T02:00:00Z",
    firstResponseAt: "2026-10-01T02:01:00Z",
    closedAt: "2026-10-01T13:00:00Z",
    messages: [{ at: "2026-10-01T12:30:00Z", from: "in" }],
  });
});
afterAll(() => server.close());

describe("GET /api/reports/charts", () => {
  it("counts per day of the install's clock: tickets created, resolved, and messages in and out (automatic ones left out)", async () => {
    const charts = await chartsOf(server, admin, period);
    expect(charts.timeZone).toBe("America/Sao_Paulo");
    expect(charts.days).toEqual([
      { day: "2026-10-01", created: 2, resolved: 2, messagesIn: 3, messagesOut: 2 },
      { day: "2026-10-02", created: 2, resolved: 2, messagesIn: 2, messagesOut: 1 },
      { day: "2026-10-03", created: 1, resolved: 0, messagesIn: 1, messagesOut: 0 },
    ]);
  });

  it("gives first-response and resolution times (median, p90) per attendant and per queue", async () => {
    const charts = await chartsOf(server, admin, period);
    // Alice answered after 60, 120 and 300 s: median 120, p90 120 + 0.8 × 180 = 264 (interpolated).
    const aliceAnswers = { id: alice.id, name: "Alice", count: 3, medianSeconds: 120, p90Seconds: 264 };
    expect(charts.firstResponse.byUser).toEqual([aliceAnswers, { id: bob.id, name: "Bob", count: 1, medianSeconds: 600, p90Seconds: 600 }]);
    expect(charts.firstResponse.byQueue).toEqual([
      { ...aliceAnswers, id: queueA.id, name: "Sales" },
      { id: queueB.id, name: "Support", count: 1, medianSeconds: 600, p90Seconds: 600 },
    ]);
    // Resolved after 3600, 7200 and 600 s; Bob's ticket is still open.
    const resolved = { count: 3, medianSeconds: 3600, p90Seconds: 6480 };
    expect(charts.resolution.byUser).toEqual([{ id: alice.id, name: "Alice", ...resolved }]);
    expect(charts.resolution.byQueue).toEqual([{ id: queueA.id, name: "Sales", ...resolved }]);
  });

  it("counts new tickets by weekday (0 Sunday) and hour of the install's clock", async () => {
    const charts = await chartsOf(server, admin, period);
    expect(charts.busiestHours).toEqual([
      { weekday: 4, hour: 9, count: 1 },
      { weekday: 4, hour: 22, count: 1 },
      { weekday: 5, hour: 9, count: 1 },
      { weekday: 5, hour: 14, count: 1 },
      { weekday: 6, hour: 8, count: 1 },
    ]);
  });

  it("applies the table's filters", async () => {
    const charts = await chartsOf(server, admin, { ...period, userId: String(bob.id) });
    expect(charts.days.map((day) => day.created)).toEqual([0, 1, 0]);
    expect(charts.days.map((day) => day.resolved)).toEqual([0, 0, 0]);
    expect(charts.days.map((day) => [day.messagesIn, day.messagesOut])).toEqual([
      [0, 0],
      [2, 1],
      [0, 0],
    ]);
    expect(charts.firstResponse.byUser).toEqual([{ id: bob.id, name: "Bob", count: 1, medianSeconds: 600, p90Seconds: 600 }]);
    expect(charts.resolution.byUser).toEqual([]);
    const waiting = await chartsOf(server, admin, { ...period, status: "pending" });
    expect(waiting.busiestHours).toEqual([{ weekday: 6, hour: 8, count: 1 }]);
    expect(waiting.firstResponse.byQueue).toEqual([]);
    const empty = await chartsOf(server, admin, { startDate: "2020-01-01", endDate: "2020-01-02" });
    expect(empty.days).toEqual([
      { day: "2020-01-01", created: 0, resolved: 0, messagesIn: 0, messagesOut: 0 },
      { day: "2020-01-02", created: 0, resolved: 0, messagesIn: 0, messagesOut: 0 },
    ]);
  });
});

describe("first response, kept by the message writers", () => {
  it("is the team's first answer: not the automatic greeting, not changed by later answers", async () => {
    const { ticketId } = await inbound(server, connection, { body: "Hello?" });
    const firstResponse = async () => (await server.ctx.db.select({ at: tickets.firstResponseAt }).from(tickets).where(eq(tickets.id, ticketId)))[0]?.at;
    const written = () => server.ctx.db.select({ at: messages.createdAt, type: messages.mediaType }).from(messages).where(eq(messages.ticketId, ticketId)).orderBy(messages.id);
    const sentAt = async () => (await written()).filter((row) => row.type === "chat").map((row) => row.at);
    // The queue's greeting went out at once, automatically.
    expect((await written()).map((row) => row.type)).toEqual(["chat", "chat-automatic"]);
    expect(await firstResponse()).toBeNull();
    expect((await server.request({ method: "POST", url: `/api/messages/${ticketId}`, token: admin, payload: { body: "First answer" } })).statusCode).toBe(201);
    const [, answer] = await sentAt();
    expect(await firstResponse()).toEqual(answer);
    expect((await server.request({ method: "POST", url: `/api/messages/${ticketId}`, token: admin, payload: { body: "Second answer" } })).statusCode).toBe(201);
    expect(await firstResponse()).toEqual(answer);
  });
});
