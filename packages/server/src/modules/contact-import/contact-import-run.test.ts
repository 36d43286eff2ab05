import type { Contact, ContactPage } from "@atendo/contracts";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactImports, contacts } from "../../db/schema/index.js";
import { createContact } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { failureRows, importAndWait } from "../../test/contact-import-fixtures.js";
import { cellSplittingNames, formulaCellsUnderAnySeparator } from "../../test/spreadsheet-cells.js";

let server: TestServer;
let admin: string;
beforeAll(async () => {
  // Batches of 2 rows: every file below is written in several transactions.
  server = await createTestServer({}, { contactImport: { batchSize: 2 } });
  admin = await server.adminToken();
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.ctx.db.delete(contactImports);
  await server.ctx.db.delete(contacts);
});

async function stored(): Promise<Contact[]> {
  const response = await server.request({ method: "GET", url: "/api/contacts?pageNumber=1", token: admin });
  return (response.json() as ContactPage).contacts;
}

const byName = (list: Contact[], name: string) => list.find((contact) => contact.name === name);

describe("importing Atendo's template", () => {
  it("stores good rows with their extra fields, and counts bad and repeated ones with their reasons", async () => {
    await createContact(server, admin, { name: "Already here", number: "5511900000009" });
    const csv = [
      "name,number,email,Plan,Note",
      "Ana Lima,+55 (11) 90000-0001,ANA@example.com,Gold,first",
      "Bruno,5511900000002,not-an-email,Silver,",
      "Carla,12345,carla@example.com,,", // too short a number
      ",5511900000003,nobody@example.com,,", // no name
      "Ana again,5511900000001,,,", // came earlier in the file
      "Dup of stored,55 11 90000-0009,,,", // already a contact
      "Eva,5.511900000004E+12,,,", // what a spreadsheet does to a long number
      "",
      "Fábio,5511900000005,,Bronze,last",
    ].join("\r\n");
    const ended = await importAndWait(server, admin, { csv, templateType: "atendo", language: "en" });
    expect(ended).toMatchObject({ status: "finished", progress: 100, totalCount: 8, successCount: 3, failedCount: 3, repeatedCount: 2, error: null });

    const list = await stored();
    expect(list.map((c) => c.name).sort()).toEqual(["Already here", "Ana Lima", "Bruno", "Fábio"]);
    expect(byName(list, "Ana Lima")).toMatchObject({ number: "5511900000001", email: "ana@example.com" });
    expect(byName(list, "Ana Lima")?.extraInfo.map(({ name, value }) => [name, value])).toEqual([
      ["Plan", "Gold"],
      ["Note", "first"],
    ]);
    // An address that is not one is kept as an extra field, not lost; blank cells add nothing.
    expect(byName(list, "Bruno")).toMatchObject({ email: null });
    expect(byName(list, "Bruno")?.extraInfo.map(({ name, value }) => [name, value])).toEqual([
      ["Email", "not-an-email"],
      ["Plan", "Silver"],
    ]);
    const [total] = await server.ctx.db.select({ n: count() }).from(contacts);
    expect(total?.n).toBe(4);

    expect(await failureRows(server, admin, ended.id)).toEqual([
      ["Line", "name", "number", "email", "Plan", "Note", "Reason"],
      ["4", "Carla", "12345", "carla@example.com", "", "", "Invalid number: 8 to 50 digits with country and area code"],
      ["5", "", "5511900000003", "nobody@example.com", "", "", "Name missing or shorter than 2 characters"],
      ["6", "Ana again", "5511900000001", "", "", "", "Repeated: the number is already a contact or came earlier in the file"],
      ["7", "Dup of stored", "55 11 90000-0009", "", "", "", "Repeated: the number is already a contact or came earlier in the file"],
      ["8", "Eva", "5.511900000004E+12", "", "", "", "Invalid number: 8 to 50 digits with country and area code"],
    ]);
    const inPortuguese = await failureRows(server, admin, ended.id, "pt");
    expect(inPortuguese[0]).toEqual(["Linha", "name", "number", "email", "Plan", "Note", "Motivo"]);
    expect(inPortuguese[1]?.at(-1)).toBe("Número inválido: de 8 a 50 dígitos, com código do país e DDD");
  });

  it("reads the header in Portuguese or Spanish, in any order, as Excel writes it there (semicolons, Windows-1252)", async () => {
    const pt = Buffer.from("Número;Nome;E-mail;Cidade\r\n5511900000011;José Conceição;;São Paulo\r\n", "latin1");
    const ptImport = await importAndWait(server, admin, { csv: pt, templateType: "atendo", language: "pt" });
    expect(ptImport).toMatchObject({ status: "finished", successCount: 1 });
    const es = "\uFEFFsep=,\nNOMBRE,numero,Correo electrónico\nMaría Núñez,5411900000012,maria@example.com\n";
    expect(await importAndWait(server, admin, { csv: es, templateType: "atendo", language: "es" })).toMatchObject({ status: "finished", successCount: 1 });

    const list = await stored();
    expect(byName(list, "José Conceição")?.extraInfo.map(({ name, value }) => [name, value])).toEqual([["Cidade", "São Paulo"]]);
    expect(byName(list, "María Núñez")).toMatchObject({ number: "5411900000012", email: "maria@example.com" });
    // The failed-rows file of an import is in its language unless asked otherwise.
    expect((await failureRows(server, admin, ptImport.id))[0]).toEqual(["Linha", "Número", "Nome", "E-mail", "Cidade", "Motivo"]);
  });

  it("neutralises cells a spreadsheet would run as formulas in the failed-rows file", async () => {
    const ended = await importAndWait(server, admin, { csv: "name,number\n=HYPERLINK(1),123\n", templateType: "atendo" });
    const response = await server.request({ method: "GET", url: `/api/contact-import/${ended.id}/failures`, token: admin });
    expect(response.body).toContain("\r\n2,'=HYPERLINK(1),123,");
    // Read back by the import's reader, the apostrophe put in is taken out: the file imports as it was (decision 0074).
    expect((await failureRows(server, admin, ended.id))[1]).toEqual(["2", "=HYPERLINK(1)", "123", "Invalid number: 8 to 50 digits with country and area code"]);
  });

  it("leaves no cell of the failed-rows file starting a formula when a spreadsheet splits on `;` or a tab (issue 28)", async () => {
    // Written by hand: the names as a hostile file holds them, quoted, not neutralised.
    const csv = ["name,number", ...cellSplittingNames.map((name) => `"${name.replaceAll('"', '""')}",123`)].join("\r\n");
    const ended = await importAndWait(server, admin, { csv, templateType: "atendo" });
    const response = await server.request({ method: "GET", url: `/api/contact-import/${ended.id}/failures`, token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.body.split("\r\n").filter(Boolean)).toHaveLength(1 + cellSplittingNames.length);
    expect(formulaCellsUnderAnySeparator(response.body)).toEqual([]);
  });
});

describe("importing a Google Contacts export", () => {
  it("reads the current layout: name parts, first phone and e-mail, the rest as extra fields", async () => {
    const csv = [
      "First Name,Middle Name,Last Name,Nickname,Organization Name,Birthday,Notes,Photo,Labels,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Phone 2 - Label,Phone 2 - Value",
      "Ana,Maria,Lima,,Acme,1990-01-02,Prefers mornings,https://lh3.googleusercontent.com/x,* myContacts,* Work,ana@acme.com,Mobile,+55 11 91234-0001 ::: +55 11 3333-0001,Work,+55 11 4444-0001",
      ",,,,Padaria Real,,,,* myContacts,,,Work,+55 11 91234-0002,,",
      "Sem Telefone,,,,,,,,* myContacts,,,,,,",
      "Ana,Maria,Lima,,,,,,* myContacts,,,Mobile,+5511912340001,,",
    ].join("\n");
    const ended = await importAndWait(server, admin, { csv, templateType: "google" });
    expect(ended).toMatchObject({ status: "finished", totalCount: 4, successCount: 2, failedCount: 1, repeatedCount: 1 });

    const list = await stored();
    expect(byName(list, "Ana Maria Lima")).toMatchObject({ number: "5511912340001", email: "ana@acme.com" });
    expect(byName(list, "Ana Maria Lima")?.extraInfo.map(({ name, value }) => [name, value])).toEqual([
      ["Mobile", "+55 11 3333-0001"],
      ["Work", "+55 11 4444-0001"],
      ["Organization Name", "Acme"],
      ["Birthday", "1990-01-02"],
      ["Notes", "Prefers mornings"],
    ]);
    // No name parts: the organisation names the contact.
    expect(byName(list, "Padaria Real")).toMatchObject({ number: "5511912340002" });
    const reasons = (await failureRows(server, admin, ended.id)).slice(1).map((row) => [row[0], row.at(-1)]);
    expect(reasons).toEqual([
      ["4", "Invalid number: 8 to 50 digits with country and area code"],
      ["5", "Repeated: the number is already a contact or came earlier in the file"],
    ]);
  });

  it("reads the older layout (Name, Given Name, Family Name, Phone 1 - Type)", async () => {
    const csv = [
      "Name,Given Name,Additional Name,Family Name,Nickname,Group Membership,E-mail 1 - Type,E-mail 1 - Value,Phone 1 - Type,Phone 1 - Value",
      "Carlos Souza,Carlos,,Souza,Cadu,* My Contacts,* Home,carlos@example.com,Mobile,+55 21 99876-0001",
      ",Beatriz,,Ramos,,* My Contacts,,,Home,(21) 99876-0002",
    ].join("\r\n");
    const ended = await importAndWait(server, admin, { csv: `\uFEFF${csv}`, templateType: "google" });
    expect(ended).toMatchObject({ status: "finished", successCount: 2 });
    const list = await stored();
    expect(byName(list, "Carlos Souza")).toMatchObject({ number: "5521998760001", email: "carlos@example.com" });
    expect(byName(list, "Carlos Souza")?.extraInfo.map(({ name, value }) => [name, value])).toEqual([["Nickname", "Cadu"]]);
    expect(byName(list, "Beatriz Ramos")).toMatchObject({ number: "21998760002" });
  });
});
