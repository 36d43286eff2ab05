import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectError, expectRefused, type RouteCall } from "../../test/route-guards.js";
import { getCharts, getReport, reportOf, seedReportTicket } from "../../test/report-fixtures.js";

let server: TestServer;
let admin: string;
let alice: Awaited<ReturnType<TestServer["createUser"]>>;
let bob: Awaited<ReturnType<TestServer["createUser"]>>;
let queueA: { id: number; name: string; color: string };
let queueB: { id: number; name: string; color: string };
let connection: { id: number };
/** October 2026's tickets; `before` and `after` fall just outside 1–10 October. */
const t = {} as Record<"first" | "reopened" | "pending" | "late" | "before" | "after", number>;
const october = { startDate: "2026-10-01", endDate: "2026-10-10" };

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  alice = await server.createUser({ name: "Alice" });
  bob = await server.createUser({ name: "Bob" });
  queueA = await createQueue(server, admin, { name: "Sales" });
  queueB = await createQueue(server, admin, { name: "Support" });
  connection = await createConnection(server, admin, { name: "5511999990000", label: "Main line", destinationType: "queue", destinationItem: queueA.id });
  const seed = (input: Omit<Parameters<typeof seedReportTicket>[1], "connectionId">) => seedReportTicket(server, { connectionId: connection.id, ...input });
  t.before = await seed({ status: "closed", userId: alice.id, createdAt: "2026-09-30T23:59:59.999Z", closedAt: "2026-10-01T01:00:00Z" });
  t.first = await seed({
    status: "closed",
    userId: alice.id,
    queueId: queueA.id,
    contactName: "Ana Souza",
    contactNumber: "5511988887777",
    createdAt: "2026-10-01T00:00:00Z",
    closedAt: "2026-10-01T10:00:00Z",
  });
  // Closed once, then reopened: its old closing date no longer applies.
  t.reopened = await seed({ status: "open", userId: bob.id, queueId: queueB.id, createdAt: "2026-10-02T12:00:00Z", closedAt: "2026-10-02T13:00:00Z" });
  t.pending = await seed({ status: "pending", queueId: queueA.id, createdAt: "2026-10-03T08:00:00Z" });
  t.late = await seed({ status: "closed", userId: alice.id, queueId: queueB.id, createdAt: "2026-10-10T00:00:00Z", closedAt: "2026-10-11T00:00:00Z" });
  t.after = await seed({ status: "closed", userId: alice.id, queueId: queueA.id, createdAt: "2026-10-10T00:00:00.001Z", closedAt: "2026-10-11T00:00:00Z" });
});
afterAll(() => server.close());

const idsOf = (page: { tickets: { id: number }[] }) => page.tickets.map((ticket) => ticket.id);

describe("GET /api/reports/tickets and /api/reports/charts: guards", () => {
  const calls: RouteCall[] = [
    { method: "GET", url: "/api/reports/tickets?startDate=2026-10-01" },
    { method: "GET", url: "/api/reports/tickets?startDate=2026-10-01&action=download&language=pt" },
    { method: "GET", url: "/api/reports/charts?startDate=2026-10-01" },
  ];

  it("refuses anonymous callers (401) and attendants (403)", async () => {
    await expectRefused(server, calls, anonymous, 401, "ERR_SESSION_EXPIRED");
    await expectRefused(server, calls, alice.token, 403, "ERR_NO_PERMISSION");
  });

  it("requires a start date (ERR_NO_DATE_SPECIFIED), absent or empty", async () => {
    for (const query of [{}, { startDate: "" }, { startDate: "", action: "download" }, { endDate: "2026-10-10" }]) {
      await expectError(getReport(server, admin, query), 400, "ERR_NO_DATE_SPECIFIED");
      await expectError(getCharts(server, admin, { ...query, action: undefined }), 400, "ERR_NO_DATE_SPECIFIED");
    }
  });

  // Dates that do not exist, out of range or in the wrong order: http/date-inputs.test.ts.
  it("refuses unknown filters", async () => {
    for (const query of [
      { ...october, status: "lost" },
      { ...october, userId: "x" },
      { ...october, pageSize: 101 },
    ]) {
      await expectError(getReport(server, admin, query), 400, "ERR_MISSING_VALUES");
    }
  });
});

describe("GET /api/reports/tickets: the page", () => {
  it("lists the tickets created in the period, both ends included, newest first, with their count", async () => {
    const page = await reportOf(server, admin, october);
    expect(idsOf(page)).toEqual([t.late, t.pending, t.reopened, t.first]);
    expect(page.count).toBe(4);
  });

  it("narrows by attendant, queue and status; empty and `any` mean any", async () => {
    expect(idsOf(await reportOf(server, admin, { ...october, userId: alice.id }))).toEqual([t.late, t.first]);
    expect(idsOf(await reportOf(server, admin, { ...october, queueId: queueA.id }))).toEqual([t.pending, t.first]);
    expect(idsOf(await reportOf(server, admin, { ...october, status: "closed" }))).toEqual([t.late, t.first]);
    expect(idsOf(await reportOf(server, admin, { ...october, userId: alice.id, queueId: queueB.id, status: "closed" }))).toEqual([t.late]);
    for (const any of [{ status: "" }, { status: "any" }, { userId: "", queueId: "" }]) {
      expect((await reportOf(server, admin, { ...october, ...any })).count, JSON.stringify(any)).toBe(4);
    }
  });

  it("pages by pageSize (default 20), the count staying the period's", async () => {
    expect(await reportOf(server, admin, { ...october, pageSize: 3 })).toMatchObject({ count: 4, tickets: [{ id: t.late }, { id: t.pending }, { id: t.reopened }] });
    expect(await reportOf(server, admin, { ...october, pageSize: 3, pageNumber: 2 })).toMatchObject({ count: 4, tickets: [{ id: t.first }] });
    expect(await reportOf(server, admin, { ...october, pageSize: 3, pageNumber: 3 })).toEqual({ count: 4, tickets: [] });
  });

  it("ends now without an end date, and reads moments with an offset as given", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const future = await seedReportTicket(server, { connectionId: connection.id, status: "pending", createdAt: tomorrow });
    const untilNow = idsOf(await reportOf(server, admin, { startDate: "2026-10-01" }));
    expect(untilNow).toEqual(expect.arrayContaining([t.after, t.late, t.first]));
    expect(untilNow).not.toContain(future);
    // 2026-10-02T15:00+03:00 is 12:00 UTC: the reopened ticket's creation.
    expect(idsOf(await reportOf(server, admin, { startDate: "2026-10-02T15:00:00+03:00", endDate: "2026-10-02T12:00:00Z" }))).toEqual([t.reopened]);
  });

  it("gives each ticket's attendant, queue, connection (its name, not its label: issue 28), contact and dates; a closing date only while closed", async () => {
    const page = await reportOf(server, admin, { startDate: "2026-10-01", endDate: "2026-10-02T23:59:59" });
    expect(page.tickets).toEqual([
      {
        id: t.reopened,
        status: "open",
        user: { id: bob.id, name: "Bob" },
        queue: { id: queueB.id, name: "Support", color: queueB.color },
        connection: { id: connection.id, name: "5511999990000" },
        contact: { id: expect.any(Number), name: "Report Contact", number: expect.any(String) },
        createdAt: "2026-10-02T12:00:00.000Z",
        closedAt: null,
        rating: null,
        sla: { firstResponse: null, resolution: null },
      },
      {
        id: t.first,
        status: "closed",
        user: { id: alice.id, name: "Alice" },
        queue: { id: queueA.id, name: "Sales", color: queueA.color },
        connection: { id: connection.id, name: "5511999990000" },
        contact: { id: expect.any(Number), name: "Ana Souza", number: "5511988887777" },
        createdAt: "2026-10-01T00:00:00.000Z",
        closedAt: "2026-10-01T10:00:00.000Z",
        rating: null,
        sla: { firstResponse: null, resolution: null },
      },
    ]);
    const pending = await reportOf(server, admin, { startDate: "2026-10-03", endDate: "2026-10-03T23:00" });
    expect(pending.tickets).toEqual([expect.objectContaining({ id: t.pending, user: null, status: "pending" })]);
  });
});

describe("GET /api/reports/tickets: the install's time zone", () => {
  it("reads local moments on the install's clock (TIME_ZONE)", async () => {
    const local = await createTestServer({ TIME_ZONE: "America/Sao_Paulo" });
    try {
      const token = await local.adminToken();
      const queue = await createQueue(local, token);
      const own = await createConnection(local, token, { destinationType: "queue", destinationItem: queue.id });
      // São Paulo is UTC−3: 2026-10-01 there runs from 03:00 UTC to 03:00 UTC the next day.
      const lateOnSeptember30 = await seedReportTicket(local, { connectionId: own.id, status: "pending", createdAt: "2026-10-01T02:59:59Z" });
      const earlyOnOctober1 = await seedReportTicket(local, { connectionId: own.id, status: "pending", createdAt: "2026-10-01T03:00:00Z" });
      const eveningOfOctober1 = await seedReportTicket(local, { connectionId: own.id, status: "pending", createdAt: "2026-10-01T23:30:00Z" });
      expect(idsOf(await reportOf(local, token, { startDate: "2026-10-01", endDate: "2026-10-01T20:30" }))).toEqual([eveningOfOctober1, earlyOnOctober1]);
      expect(idsOf(await reportOf(local, token, { startDate: "2026-09-30T23:59:59", endDate: "2026-10-01T00:00" }))).toEqual([earlyOnOctober1, lateOnSeptember30]);
    } finally {
      await local.close();
    }
  });
});

describe("OpenAPI", () => {
  it("documents both report routes, and the CSV the table's route also answers", async () => {
    const paths = (await server.request({ method: "GET", url: "/api/docs/json" })).json().paths;
    expect(Object.keys(paths).filter((path) => path.startsWith("/api/reports")).sort()).toEqual(["/api/reports/charts", "/api/reports/tickets"]);
    const tickets = paths["/api/reports/tickets"].get;
    expect(tickets.description).toContain("action=download");
    expect(Object.keys(tickets.responses["200"].content)).toEqual(expect.arrayContaining(["application/json", "text/csv"]));
    expect(Object.keys(paths["/api/reports/charts"].get.responses)).toEqual(expect.arrayContaining(["200", "400", "403"]));
  });
});
