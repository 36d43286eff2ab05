import type { Tag } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ticketTags } from "../../db/schema/index.js";
import { createConnection } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { chartsOf, csvLinesOf, getReport, seedReportTicket } from "../../test/report-fixtures.js";

// Reports by label (docs/decisions/0075): the charts' tickets per label and the CSV's Labels column.
let server: TestServer;
let admin: string;
let red: Tag;
let blue: Tag;
let formula: Tag;
let queueId: number;
const t = {} as Record<"both" | "red" | "blueInQueue" | "none" | "before", number>;
const october = { startDate: "2026-10-01", endDate: "2026-10-05" };

async function createTag(name: string, color: string): Promise<Tag> {
  const response = await server.request({ method: "POST", url: "/api/tags", token: admin, payload: { name, color } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Labels written straight to the link table: closed tickets' labels cannot be changed through the API. */
async function label(ticketId: number, ...tags: Tag[]): Promise<void> {
  await server.ctx.db.insert(ticketTags).values(tags.map((tag) => ({ ticketId, tagId: tag.id })));
}

beforeAll(async () => {
  server = await createTestServer({ TIME_ZONE: "America/Sao_Paulo" });
  admin = await server.adminToken();
  const queue = await createQueue(server, admin, { name: "Sales" });
  const connectionId = (await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id })).id;
  red = await createTag("red", "#F44336");
  blue = await createTag("Blue", "#2196F3");
  formula = await createTag("=cmd|x", "#4CAF50");
  await createTag("Unused", "#9C27B0");
  const seed = (input: Omit<Parameters<typeof seedReportTicket>[1], "connectionId">) => seedReportTicket(server, { connectionId, ...input });
  t.both = await seed({ status: "closed", createdAt: "2026-10-01T12:00:00Z", closedAt: "2026-10-01T13:00:00Z" });
  t.red = await seed({ status: "open", createdAt: "2026-10-02T12:00:00Z" });
  t.blueInQueue = await seed({ status: "pending", queueId: queue.id, createdAt: "2026-10-03T12:00:00Z" });
  t.none = await seed({ status: "open", createdAt: "2026-10-04T12:00:00Z" });
  // Created before the period: its label is not counted.
  t.before = await seed({ status: "open", createdAt: "2026-09-20T12:00:00Z" });
  await label(t.both, red, blue, formula);
  await label(t.red, red);
  await label(t.blueInQueue, blue);
  await label(t.before, red);
  queueId = queue.id;
});
afterAll(() => server.close());

const counts = (charts: { ticketsPerTag: (Tag & { count: number })[] }) => charts.ticketsPerTag.map((row) => [row.name, row.count]);

describe("GET /api/reports/charts: tickets per label", () => {
  it("counts the tickets created in the period carrying each label, most first, labels on none left out", async () => {
    const charts = await chartsOf(server, admin, october);
    expect(charts.ticketsPerTag).toEqual([
      { ...blue, count: 2 },
      { ...red, count: 2 },
      { ...formula, count: 1 },
    ]);
  });

  it("applies the report's filters and period", async () => {
    expect(counts(await chartsOf(server, admin, { ...october, status: "open" }))).toEqual([["red", 1]]);
    expect(counts(await chartsOf(server, admin, { ...october, queueId }))).toEqual([["Blue", 1]]);
    expect(counts(await chartsOf(server, admin, { startDate: "2026-09-01", endDate: "2026-09-30" }))).toEqual([["red", 1]]);
    expect(counts(await chartsOf(server, admin, { startDate: "2026-10-04", endDate: "2026-10-05" }))).toEqual([]);
  });
});

describe("GET /api/reports/tickets?action=download: the Labels column", () => {
  it("writes each ticket's label names joined with ', ' as the screens order them, formula-escaped", async () => {
    const response = await getReport(server, admin, { ...october, action: "download", language: "pt" });
    const lines = csvLinesOf(response.body);
    expect(lines[0]?.split(",")[9]).toBe("Etiquetas");
    // The cell before the rating's two and the SLA's two (empty here): quoted (with commas inside) or plain.
    const labelsOf = new Map(lines.slice(1).map((line) => [Number(line.split(",")[0]), /,("(?:[^"]|"")*"|[^,"]*),,,,$/.exec(line)?.[1]]));
    expect(labelsOf.get(t.both)).toBe(`"'=cmd|x, Blue, red"`);
    expect(labelsOf.get(t.red)).toBe("red");
    expect(labelsOf.get(t.blueInQueue)).toBe("Blue");
    expect(labelsOf.get(t.none)).toBe("");
  });
});
