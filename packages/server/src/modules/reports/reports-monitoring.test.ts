import { addDays, dayOf, type ReportCharts } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inbound } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { chartsOf, csvLinesOf, getReport, reportOf, seedReportTicket } from "../../test/report-fixtures.js";
import { connectionTo, createMonitoring, to } from "../../test/routing-fixtures.js";

// A monitoring that records conversations closed makes real tickets "now": the period is around today.
let server: TestServer;
let admin: string;
let period: { startDate: string; endDate: string };
let alice: { id: number };
let queue: { id: number };

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  alice = await server.createUser({ name: "Alice" });
  queue = await createQueue(server, admin, { name: "Alarms", userIds: [alice.id] });
  const today = dayOf(new Date(), server.ctx.config.TIME_ZONE);
  period = { startDate: addDays(today, -1), endDate: `${addDays(today, 1)}T23:59:59` };
  // One ticket Alice worked on: answered after a minute, resolved after ten.
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  await seedReportTicket(server, { connectionId: null, connectionName: "Old line", status: "closed", userId: alice.id, queueId: queue.id, createdAt: minutesAgo(30), firstResponseAt: minutesAgo(29), closedAt: minutesAgo(20) });
});
afterAll(() => server.close());

/** The charts' figures a monitoring's record must not move. */
function workFigures({ firstResponse, resolution, days }: ReportCharts) {
  return { firstResponse, resolution, resolved: days.map((day) => [day.day, day.resolved]) };
}

describe("a monitoring's records in the reports (issue 28)", () => {
  it("are listed as tickets but count in no first-response or resolution figure of the table, the charts or the CSV", async () => {
    const before = await chartsOf(server, admin, period);
    const monitoring = await createMonitoring(server, admin, alice.id, { status: "closed", queueId: queue.id });
    const { ticketId } = await inbound(server, await connectionTo(server, admin, to("monitorings", monitoring.id)), { body: "Door opened" });

    const after = await chartsOf(server, admin, period);
    expect(workFigures(after)).toEqual(workFigures(before));
    // It is a conversation that arrived: created that day.
    const created = (charts: ReportCharts) => charts.days.reduce((sum, day) => sum + day.created, 0);
    expect(created(after)).toBe(created(before) + 1);
    expect(after.resolution.byUser).toEqual([expect.objectContaining({ id: alice.id, count: 1, medianSeconds: 600 })]);

    const page = await reportOf(server, admin, { ...period, pageNumber: 1 });
    expect(page.tickets.find((ticket) => ticket.id === ticketId)).toMatchObject({ status: "closed", closedAt: null });

    const csv = await getReport(server, admin, { ...period, action: "download", language: "en" });
    const line = csvLinesOf(csv.body).find((row) => row.startsWith(`${ticketId},`));
    // Created at, no Closed at, and no labels (the last column, decision 0075).
    // (Then the rating's two columns and the SLA's two.)
    expect(line?.split(",").slice(-7, -4)).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), "", ""]);
  });
});
