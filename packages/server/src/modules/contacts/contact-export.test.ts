import type { Contact, ContactPage } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../core/csv.js";
import { exportBatchSize } from "./contact-export.js";
import { importAndWait } from "../../test/contact-import-fixtures.js";
import { createContact } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectRefused } from "../../test/route-guards.js";
import { cellSplittingNames, formulaCellsUnderAnySeparator } from "../../test/spreadsheet-cells.js";

let server: TestServer;
let admin: string;
let attendant: string;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  attendant = (await server.createUser()).token;
});
afterAll(() => server.close());

function exportCsv(token: string | undefined, query = "") {
  return server.request({ method: "GET", url: `/api/contacts/export?format=csv${query}`, token });
}

/** The export's rows as the import reads them: header first. */
async function rowsOf(body: string): Promise<string[][]> {
  expect(body.startsWith("\uFEFF")).toBe(true);
  const { header, rows } = await parseCsv(body);
  return [header, ...rows.map((row) => row.cells)];
}

/** Every contact of an install as comparable values (ids and times differ between installs). */
async function everyContact(target: TestServer, token: string): Promise<object[]> {
  const all: Contact[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = (await target.request({ method: "GET", url: `/api/contacts?pageNumber=${pageNumber}`, token })).json() as ContactPage;
    all.push(...page.contacts);
    if (!page.hasMore) break;
  }
  return all
    .map((c) => ({ name: c.name, number: c.number, email: c.email, extraInfo: c.extraInfo.map(({ name, value }) => ({ name, value })).sort((a, b) => `${a.name}${a.value}`.localeCompare(`${b.name}${b.value}`)) }))
    .sort((a, b) => a.number.localeCompare(b.number));
}

describe("GET /api/contacts/export", () => {
  it("is for admins: attendants are refused 403, anonymous 401", async () => {
    await expectRefused(server, [{ method: "GET", url: "/api/contacts/export?format=csv" }], attendant, 403, "ERR_NO_PERMISSION");
    await expectRefused(server, [{ method: "GET", url: "/api/contacts/export?format=csv" }], anonymous, 401, "ERR_SESSION_EXPIRED");
  });

  it("writes the import template's columns in the language asked, one column per extra field name, formula-safe", async () => {
    await createContact(server, admin, { name: "=Boss Export", number: "5511970000001", email: "boss@example.com", extraInfo: [{ name: "Plan", value: "Gold" }] });
    await createContact(server, admin, {
      name: cellSplittingNames[0]!,
      number: "5511970000002",
      extraInfo: [
        { name: "Phone", value: "+55 11 1111-1111" },
        { name: "Phone", value: "-2" },
        { name: "Email", value: "other@example.com" },
      ],
    });
    const response = await exportCsv(admin, "&language=pt&searchParam=55119700000");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    // Read back (the reader takes out the apostrophes the writer put in), the values are the stored ones.
    expect(await rowsOf(response.body)).toEqual([
      ["Nome", "Número", "E-mail", "Plan", "Phone", "Phone", "Email 2"],
      ["=Boss Export", "5511970000001", "boss@example.com", "Gold", "", "", ""],
      [cellSplittingNames[0], "5511970000002", "", "", "+55 11 1111-1111", "-2", "other@example.com"],
    ]);
    // As written, no cell of the file starts a formula, whichever separator a spreadsheet splits on.
    expect(response.body).toContain("'=Boss Export");
    expect(formulaCellsUnderAnySeparator(response.body)).toEqual([]);
  });

  it("exports what the list's search shows, by name, e-mail or number", async () => {
    await createContact(server, admin, { name: "Filter Alpha", number: "5511971000001", email: "alpha@filter.example" });
    await createContact(server, admin, { name: "Filter Beta", number: "5511971000002" });
    const names = async (query: string) => (await rowsOf((await exportCsv(admin, query)).body)).slice(1).map((row) => row[0]);
    expect(await names("&searchParam=filter alpha")).toEqual(["Filter Alpha"]);
    expect(await names("&searchParam=alpha@filter")).toEqual(["Filter Alpha"]);
    expect(await names("&searchParam=%2B55 11 97100")).toEqual(["Filter Alpha", "Filter Beta"]);
    expect(await names("&searchParam=nobody-at-all")).toEqual([]);
  });

  it("exports the contacts carrying any of the labels asked, as the list filters them by tagIds", async () => {
    const label = async (name: string) => (await server.request({ method: "POST", url: "/api/tags", token: admin, payload: { name, color: "#2196F3" } })).json().id as number;
    const [vip, late] = [await label("Export VIP"), await label("Export Late")];
    const tagged = await createContact(server, admin, { name: "Tagged Vip", number: "5511973000001" });
    const other = await createContact(server, admin, { name: "Tagged Late", number: "5511973000002" });
    await createContact(server, admin, { name: "Untagged", number: "5511973000003" });
    for (const [id, tagIds] of [[tagged.id, [vip]], [other.id, [late]]] as const) {
      expect((await server.request({ method: "PUT", url: `/api/contacts/${id}/tags`, token: admin, payload: { tagIds } })).statusCode).toBe(200);
    }
    const names = async (query: string) => (await rowsOf((await exportCsv(admin, query)).body)).slice(1).map((row) => row[0]);
    expect(await names(`&tagIds=${vip}`)).toEqual(["Tagged Vip"]);
    expect(await names(`&tagIds=${vip},${late}`)).toEqual(["Tagged Vip", "Tagged Late"]);
    expect(await names(`&tagIds=${late}&searchParam=vip`)).toEqual([]);
  });

  it("refuses an unknown format with 400", async () => {
    const response = await exportCsv(admin, "&format=xlsx");
    expect(response.statusCode).toBe(400);
  });

  it("imports back unchanged into a fresh install: the same contacts with their extra fields", async () => {
    // More than one batch of the export (2,000), through the import's own path.
    const many = Array.from({ length: 2100 }, (_, i) => `('Bulk ${i}', '${5511972000000 + i}', ${i % 3 === 0 ? `'bulk${i}@example.com'` : "null"})`);
    await server.ctx.db.execute(sql.raw(`insert into contacts (name, number, email) values ${many.join(",")}`));
    await server.ctx.db.execute(sql`insert into contact_custom_fields (contact_id, name, value) select id, 'Tier', 'T' || id from contacts where name like 'Bulk 1%'`);
    const exported = await exportCsv(admin);
    expect(exported.statusCode).toBe(200);
    const fresh = await createTestServer();
    try {
      const freshAdmin = await fresh.adminToken();
      const ended = await importAndWait(fresh, freshAdmin, { csv: exported.body, templateType: "atendo", language: "en", fileName: "export.csv" });
      expect(ended).toMatchObject({ status: "finished", failedCount: 0, repeatedCount: 0 });
      const before = await everyContact(server, admin);
      expect(before.length).toBeGreaterThan(2100);
      // Only an extra field named like a template column comes back renamed ("Email" as "Email 2").
      const renamed = JSON.parse(JSON.stringify(before).replaceAll('"name":"Email"', '"name":"Email 2"')) as object[];
      expect(await everyContact(fresh, freshAdmin)).toEqual(renamed);
    } finally {
      await fresh.close();
    }
  });

  it("gives each contact its own extra fields across batches, filtered or not (each batch reads its id range)", async () => {
    // Three batches and more; a search keeping the names starting "Ranged 1", whose id ranges take in the others' fields.
    const count = 2 * exportBatchSize + 7;
    await server.ctx.db.execute(sql`
      with c as (
        insert into contacts (name, number) select 'Ranged ' || n, (5511974000000 + n)::text from generate_series(0, ${count - 1}::int) n returning id, name
      )
      insert into contact_custom_fields (contact_id, name, value)
      select id, 'Room', 'R-' || name from c union all select id, 'Room', 'second ' || name from c where name like '%3'
      union all select id, 'Floor', 'F ' || name from c where name not like '%5'`);
    const expectedRow = (name: string) => [name, `R-${name}`, name.endsWith("3") ? `second ${name}` : "", name.endsWith("5") ? "" : `F ${name}`];
    const ranged = async (query: string) => {
      const [header, ...rows] = await rowsOf((await exportCsv(admin, query)).body);
      const at = (title: string, nth = 0) => header!.map((cell, i) => [cell, i] as const).filter(([cell]) => cell === title)[nth]![1];
      return rows.filter((row) => row[0]!.startsWith("Ranged ")).map((row) => [row[0]!, row[at("Room")]!, row[at("Room", 1)]!, row[at("Floor")]!]);
    };
    const all = await ranged("");
    expect(all).toHaveLength(count);
    expect(all).toEqual(all.map((row) => expectedRow(row[0]!)));
    const names = Array.from({ length: count }, (_, n) => `Ranged ${n}`).filter((name) => name.startsWith("Ranged 1"));
    expect(await ranged(`&searchParam=${encodeURIComponent("Ranged 1")}`)).toEqual(names.map(expectedRow));
  });
});
