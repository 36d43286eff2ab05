import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { chartsOf, csvLinesOf, getReport, reportOf, seedReportTicket } from "../../test/report-fixtures.js";

// The satisfaction survey's answers in the reports (issue 30): charts, table and CSV.
let server: TestServer;
let admin: string;
let alice: { id: number };
let bob: { id: number };
let sales: { id: number };
let support: { id: number };
const period = { startDate: "2026-10-01", endDate: "2026-10-03T23:59:59" };
const ids: Record<"low" | "high" | "none", number> = { low: 0, high: 0, none: 0 };

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  alice = await server.createUser({ name: "Alice" });
  bob = await server.createUser({ name: "Bob" });
  sales = await createQueue(server, admin, { name: "Sales" });
  support = await createQueue(server, admin, { name: "Support" });
  const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: sales.id });
  const seed = (input: Omit<Parameters<typeof seedReportTicket>[1], "connectionId" | "status" | "closedAt">) =>
    seedReportTicket(server, { connectionId: connection.id, status: "closed", closedAt: "2026-10-02T18:00:00Z", ...input });
  ids.low = await seed({ userId: alice.id, queueId: sales.id, createdAt: "2026-10-01T12:00:00Z", rating: { score: 1, comment: "Too slow, sorry" } });
  ids.high = await seed({ userId: alice.id, queueId: sales.id, createdAt: "2026-10-01T13:00:00Z", rating: { score: 5 } });
  await seed({ userId: bob.id, queueId: support.id, createdAt: "2026-10-02T12:00:00Z", rating: { score: 4 } });
  await seed({ userId: bob.id, queueId: support.id, createdAt: "2026-10-02T13:00:00Z", rating: { score: 4 } });
  ids.none = await seed({ userId: bob.id, queueId: support.id, createdAt: "2026-10-02T14:00:00Z" });
  // Out of the period: not counted.
  await seed({ userId: bob.id, queueId: support.id, createdAt: "2026-09-20T12:00:00Z", rating: { score: 1 } });
});
afterAll(() => server.close());

describe("satisfaction in the reports", () => {
  it("charts: how many rated, the average, the spread over 1–5, per attendant and per queue", async () => {
    const { satisfaction } = await chartsOf(server, admin, period);
    expect(satisfaction).toEqual({
      count: 4,
      average: 3.5,
      distribution: [1, 0, 0, 2, 1],
      byUser: [
        { id: alice.id, name: "Alice", count: 2, average: 3 },
        { id: bob.id, name: "Bob", count: 2, average: 4 },
      ],
      byQueue: [
        { id: sales.id, name: "Sales", count: 2, average: 3 },
        { id: support.id, name: "Support", count: 2, average: 4 },
      ],
    });
  });

  it("charts: the report's filters narrow them; none rated is an empty spread with no average", async () => {
    expect((await chartsOf(server, admin, { ...period, userId: bob.id })).satisfaction).toMatchObject({ count: 2, average: 4, distribution: [0, 0, 0, 2, 0] });
    expect((await chartsOf(server, admin, { startDate: "2026-10-10", endDate: "2026-10-11" })).satisfaction).toEqual({
      count: 0,
      average: null,
      distribution: [0, 0, 0, 0, 0],
      byUser: [],
      byQueue: [],
    });
  });

  it("the table shows each ticket's rating and the CSV its score and comment", async () => {
    const page = await reportOf(server, admin, period);
    const byId = new Map(page.tickets.map((ticket) => [ticket.id, ticket.rating]));
    expect(byId.get(ids.low)).toEqual({ score: 1, comment: "Too slow, sorry" });
    expect(byId.get(ids.high)).toEqual({ score: 5, comment: null });
    expect(byId.get(ids.none)).toBeNull();
    const lines = csvLinesOf((await getReport(server, admin, { ...period, action: "download" })).body);
    // The rating's two columns, then the SLA's two (empty: no targets here).
    expect(lines[0]!.split(",").slice(-4, -2)).toEqual(["Rating", "Rating comment"]);
    const row = (id: number) => lines.find((line) => line.startsWith(`${id},`))!;
    expect(row(ids.low)).toMatch(/,1,"Too slow, sorry",,$/);
    expect(row(ids.high)).toMatch(/,5,,,$/);
    expect(row(ids.none)).toMatch(/,,,,,$/);
  });
});
