import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts } from "../../db/schema/index.js";
import { createConnection } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { expectError } from "../../test/route-guards.js";
import { csvLinesOf, getReport, seedReportTicket } from "../../test/report-fixtures.js";
import { cellSplittingNames, formulaCellsUnderAnySeparator } from "../../test/spreadsheet-cells.js";

// The install is in São Paulo (UTC−3, no daylight saving since 2019): every date of the file is on its clock.
let server: TestServer;
let admin: string;
let connectionId: number;
const t = {} as Record<"formula" | "plus" | "minus" | "at" | "tab" | "deleted", number>;
const download = (query: Record<string, string | undefined>) => getReport(server, admin, { action: "download", ...query });
const october = { startDate: "2026-10-01", endDate: "2026-10-05" };

beforeAll(async () => {
  server = await createTestServer({ TIME_ZONE: "America/Sao_Paulo" });
  admin = await server.adminToken();
  const alice = await server.createUser({ name: "Alice" });
  const mallory = await server.createUser({ name: "@Mallory" });
  const queue = await createQueue(server, admin, { name: "Sales, East" });
  connectionId = (await createConnection(server, admin, { name: "Main line", label: "Front desk", destinationType: "queue", destinationItem: queue.id })).id;
  const seed = (input: Omit<Parameters<typeof seedReportTicket>[1], "connectionId">) => seedReportTicket(server, { connectionId, ...input });
  t.formula = await seed({
    status: "closed",
    userId: alice.id,
    queueId: queue.id,
    contactName: '=HYPERLINK("http://evil.example","Click")',
    contactNumber: "5511988887777",
    createdAt: "2026-10-01T12:00:00Z",
    closedAt: "2026-10-02T02:30:00Z",
  });
  t.plus = await seed({ status: "pending", contactName: "+55 11 calls", contactNumber: "5511900000001", createdAt: "2026-10-02T12:00:00Z" });
  t.minus = await seed({ status: "open", userId: mallory.id, contactName: "-2+3", contactNumber: "5511900000002", createdAt: "2026-10-03T12:00:00Z" });
  t.at = await seed({ status: "open", userId: alice.id, contactName: "@SUM(A1)", contactNumber: "5511900000003", createdAt: "2026-10-04T12:00:00Z" });
  t.tab = await seed({ status: "pending", contactName: '\tTab "quoted"\r\nnext line', contactNumber: "5511900000004", createdAt: "2026-10-04T13:00:00Z" });
  t.deleted = await seedReportTicket(server, { connectionId: null, connectionName: "Old line", status: "closed", contactName: "Kept", contactNumber: "5511900000005", createdAt: "2026-10-04T14:00:00Z", closedAt: "2026-10-04T15:00:00Z" });
});
afterAll(() => server.close());

describe("GET /api/reports/tickets?action=download", () => {
  it("answers a UTF-8 CSV with a byte order mark, as an attachment named after the period's days", async () => {
    const response = await download({ startDate: "2026-10-01", endDate: "2026-11-24T18:00", language: "en" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="tickets-2026-10-01-2026-11-24.csv"');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("writes the headers and statuses in the asked language", async () => {
    const headers = {
      en: "Ticket,Attendant,Queue,Connection,Status,Client name,Client number,Created at,Closed at,Labels,Rating,Rating comment,First response SLA,Resolution SLA",
      pt: "Ticket,Atendente,Fila,Conexão,Status,Nome do cliente,Número do cliente,Criado em,Fechado em,Etiquetas,Avaliação,Comentário da avaliação,SLA de primeira resposta,SLA de resolução",
      es: "Ticket,Agente,Cola,Conexión,Estado,Nombre del cliente,Número del cliente,Creado el,Cerrado el,Etiquetas,Valoración,Comentario de la valoración,SLA de primera respuesta,SLA de resolución",
    };
    const statuses = { en: ["Resolved", "Waiting", "Open"], pt: ["Resolvido", "Aguardando", "Em atendimento"], es: ["Resuelto", "En espera", "Abierto"] };
    for (const language of ["en", "pt", "es"] as const) {
      const lines = csvLinesOf((await download({ ...october, language })).body);
      expect(lines[0], language).toBe(headers[language]);
      const byId = new Map(lines.slice(1).map((line) => [Number(line.split(",")[0]), line]));
      expect(byId.get(t.formula)?.split(",")[5], language).toBe(statuses[language][0]);
      expect(byId.get(t.plus)?.split(",")[4], language).toBe(statuses[language][1]);
      expect(byId.get(t.minus)?.split(",")[4], language).toBe(statuses[language][2]);
    }
    // No language: English.
    expect(csvLinesOf((await download(october)).body)[0]).toBe(headers.en);
  });

  it("writes every ticket of the period, newest first, dates on the install's clock, formulas neutralised and cells quoted", async () => {
    const lines = csvLinesOf((await download({ ...october, language: "en" })).body);
    expect(lines.slice(1)).toEqual([
      `${t.deleted},,,Old line,Resolved,Kept,5511900000005,2026-10-04 11:00:00,2026-10-04 12:00:00,,,,,`,
      `${t.tab},,,Main line,Waiting,"'\tTab ""quoted""`,
      `next line",5511900000004,2026-10-04 10:00:00,,,,,,`,
      `${t.at},Alice,,Main line,Open,'@SUM(A1),5511900000003,2026-10-04 09:00:00,,,,,,`,
      `${t.minus},'@Mallory,,Main line,Open,'-2+3,5511900000002,2026-10-03 09:00:00,,,,,,`,
      `${t.plus},,,Main line,Waiting,'+55 11 calls,5511900000001,2026-10-02 09:00:00,,,,,,`,
      `${t.formula},Alice,"Sales, East",Main line,Resolved,"'=HYPERLINK(""http://evil.example"",""Click"")",5511988887777,2026-10-01 09:00:00,2026-10-01 23:30:00,,,,,`,
    ]);
  });

  it("leaves no cell starting a formula when a spreadsheet splits on `;` or a tab (issue 28)", async () => {
    for (const [index, contactName] of cellSplittingNames.entries()) {
      await seedReportTicket(server, { connectionId, status: "pending", contactName, contactNumber: `551190000100${index}`, createdAt: "2026-10-20T12:00:00Z" });
    }
    const file = (await download({ startDate: "2026-10-20", endDate: "2026-10-21" })).body;
    expect(csvLinesOf(file)).toHaveLength(1 + cellSplittingNames.length);
    expect(formulaCellsUnderAnySeparator(file)).toEqual([]);
  });

  it("applies the report's filters", async () => {
    const lines = csvLinesOf((await download({ ...october, status: "open" })).body);
    expect(lines.slice(1).map((line) => Number(line.split(",")[0]))).toEqual([t.at, t.minus]);
  });

  it("refuses a period over 60 days (ERR_REPORT_RANGE_TOO_LONG) and a missing start date; the page is not limited", async () => {
    // 1 October to 30 November is exactly 60 days.
    expect((await download({ startDate: "2026-10-01", endDate: "2026-11-30" })).statusCode).toBe(200);
    await expectError(download({ startDate: "2026-10-01", endDate: "2026-11-30T00:00:01" }), 400, "ERR_REPORT_RANGE_TOO_LONG");
    await expectError(download({ startDate: "2026-01-01" }), 400, "ERR_REPORT_RANGE_TOO_LONG");
    await expectError(download({ endDate: "2026-10-05" }), 400, "ERR_NO_DATE_SPECIFIED");
    expect((await getReport(server, admin, { startDate: "2026-01-01" })).statusCode).toBe(200);
  });

  it("streams past one batch: every ticket once, even when thousands share one creation moment", async () => {
    const [contact] = await server.ctx.db.insert(contacts).values({ name: "Bulk", number: "5511900009999" }).returning({ id: contacts.id });
    await server.ctx.db.execute(sql`insert into tickets (contact_id, connection_id, status, created_at, updated_at, closed_at)
      select ${contact!.id}, ${connectionId}, 'closed', '2025-03-01T12:00:00Z', '2025-03-01T12:00:00Z', '2025-03-01T13:00:00Z'
      from generate_series(1, 4500)`);
    const lines = csvLinesOf((await download({ startDate: "2025-03-01", endDate: "2025-03-02" })).body).slice(1);
    const ids = lines.map((line) => Number(line.split(",")[0]));
    expect(ids).toHaveLength(4500);
    expect(new Set(ids).size).toBe(4500);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
