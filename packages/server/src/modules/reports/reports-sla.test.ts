import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tickets } from "../../db/schema/index.js";
import { createConnection } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { chartsOf, csvLinesOf, getReport, reportOf, seedReportTicket, type ReportSeed } from "../../test/report-fixtures.js";

/**
 * SLA compliance in the reports (issue 30): share of tickets within each target per queue and per
 * attendant, in the charts, the table and the CSV, by the one outcome rule (sla-outcome.ts).
 */
let server: TestServer;
let admin: string;
let alice: { id: number };
let bob: { id: number };
let support: { id: number; name: string };
let sales: { id: number; name: string };
const period = { startDate: "2026-10-01", endDate: "2026-10-03T23:59:59" };
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await createTestServer({ TIME_ZONE: "America/Sao_Paulo" });
  admin = await server.adminToken();
  alice = await server.createUser({ name: "Alice" });
  bob = await server.createUser({ name: "Bob" });
  support = await createQueue(server, admin, { name: "Support" });
  sales = await createQueue(server, admin, { name: "Sales" });
  const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: support.id });
  const seed = async (name: string, input: Omit<ReportSeed, "connectionId" | "createdAt">, due: { firstResponse?: string; resolution?: string }) => {
    const id = await seedReportTicket(server, { connectionId: connection.id, createdAt: "2026-10-01T12:00:00Z", ...input });
    await server.ctx.db
      .update(tickets)
      .set({ firstResponseDueAt: due.firstResponse ? new Date(due.firstResponse) : null, resolutionDueAt: due.resolution ? new Date(due.resolution) : null })
      .where(eq(tickets.id, id));
    ids[name] = id;
  };
  const due = { firstResponse: "2026-10-01T12:15:00Z", resolution: "2026-10-01T16:00:00Z" };
  // Support, Alice: answered and resolved in time.
  await seed("bothMet", { status: "closed", userId: alice.id, queueId: support.id, firstResponseAt: "2026-10-01T12:10:00Z", closedAt: "2026-10-01T13:00:00Z" }, due);
  // Support, Alice: answered late, resolved in time.
  await seed("lateAnswer", { status: "closed", userId: alice.id, queueId: support.id, firstResponseAt: "2026-10-01T12:30:00Z", closedAt: "2026-10-01T14:00:00Z" }, due);
  // Support, Bob: answered in time, still open long past its resolution due time.
  await seed("overdue", { status: "open", userId: bob.id, queueId: support.id, firstResponseAt: "2026-10-01T12:05:00Z" }, due);
  // Sales, nobody: waiting, first response due in the far future (running: in neither count).
  await seed("running", { status: "pending", queueId: sales.id }, { firstResponse: "2999-01-01T00:00:00Z" });
  // Sales, Bob: no targets at all (left out of the figures).
  await seed("noTargets", { status: "closed", userId: bob.id, queueId: sales.id, firstResponseAt: "2026-10-01T12:01:00Z", closedAt: "2026-10-01T12:02:00Z" }, {});
});
afterAll(() => server.close());

describe("SLA in the reports", () => {
  it("charts: met and breached per queue and per attendant, only over tickets with targets", async () => {
    const { sla } = await chartsOf(server, admin, period);
    const byName = (rows: typeof sla.byQueue) => Object.fromEntries(rows.map((row) => [row.name, { firstResponse: row.firstResponse, resolution: row.resolution }]));
    expect(byName(sla.byQueue)).toEqual({
      Support: { firstResponse: { met: 2, breached: 1 }, resolution: { met: 2, breached: 1 } },
      Sales: { firstResponse: { met: 0, breached: 0 }, resolution: { met: 0, breached: 0 } },
    });
    expect(byName(sla.byUser)).toEqual({
      Alice: { firstResponse: { met: 1, breached: 1 }, resolution: { met: 2, breached: 0 } },
      Bob: { firstResponse: { met: 1, breached: 0 }, resolution: { met: 0, breached: 1 } },
      "": { firstResponse: { met: 0, breached: 0 }, resolution: { met: 0, breached: 0 } },
    });
    // The report's filters narrow them as every other figure.
    const onlyAlice = await chartsOf(server, admin, { ...period, userId: alice.id });
    expect(onlyAlice.sla.byQueue).toEqual([{ id: support.id, name: "Support", firstResponse: { met: 1, breached: 1 }, resolution: { met: 2, breached: 0 } }]);
  });

  it("table: each ticket's outcome per target", async () => {
    const page = await reportOf(server, admin, period);
    const sla = Object.fromEntries(page.tickets.map((ticket) => [ticket.id, ticket.sla]));
    expect(sla[ids.bothMet!]).toEqual({ firstResponse: "met", resolution: "met" });
    expect(sla[ids.lateAnswer!]).toEqual({ firstResponse: "breached", resolution: "met" });
    expect(sla[ids.overdue!]).toEqual({ firstResponse: "met", resolution: "breached" });
    expect(sla[ids.running!]).toEqual({ firstResponse: "running", resolution: null });
    expect(sla[ids.noTargets!]).toEqual({ firstResponse: null, resolution: null });
  });

  it("CSV: two columns with the outcome in the file's language", async () => {
    const lines = csvLinesOf((await getReport(server, admin, { ...period, action: "download", language: "pt" })).body);
    expect(lines[0]!.split(",").slice(-2)).toEqual(["SLA de primeira resposta", "SLA de resolução"]);
    const byId = new Map(lines.slice(1).map((line) => [Number(line.split(",")[0]), line.split(",").slice(-2)]));
    expect(byId.get(ids.lateAnswer!)).toEqual(["Estourado", "Dentro da meta"]);
    expect(byId.get(ids.running!)).toEqual(["Em andamento", ""]);
    expect(byId.get(ids.noTargets!)).toEqual(["", ""]);
  });

  it("is the admins' alone, as every report", async () => {
    const attendant = await server.createUser({ name: "Carol" });
    const refused = await server.request({ method: "GET", url: `/api/reports/charts?startDate=${period.startDate}`, token: attendant.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("ERR_NO_PERMISSION");
    expect((await server.request({ method: "GET", url: `/api/reports/charts?startDate=${period.startDate}` })).statusCode).toBe(401);
  });
});
