import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectError, expectRefused, type RouteCall } from "../../test/route-guards.js";
import { atendoCsv, importAndWait, ongoing, postImport } from "../../test/contact-import-fixtures.js";

let server: TestServer;
let admin: string;
let attendant: string;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  attendant = (await server.createUser()).token;
});
afterAll(() => server.close());

const reads: RouteCall[] = [
  { method: "GET", url: "/api/contact-import/can-import" },
  { method: "GET", url: "/api/contact-import/ongoing" },
  { method: "GET", url: "/api/contact-import/download?templateType=atendo&language=en" },
  { method: "GET", url: "/api/contact-import/1/failures" },
];

function download(query: string) {
  return server.request({ method: "GET", url: `/api/contact-import/download?${query}`, token: admin });
}

describe("contact import: guards", () => {
  it("refuses anonymous callers on every route", async () => {
    await expectRefused(server, reads, anonymous, 401, "ERR_SESSION_EXPIRED");
    await expectError(postImport(server, anonymous, { csv: atendoCsv(1), templateType: "atendo" }), 401, "ERR_SESSION_EXPIRED");
  });

  it("refuses attendants on every route, and never imports their file", async () => {
    await expectRefused(server, reads, attendant, 403, "ERR_NO_PERMISSION");
    await expectError(postImport(server, attendant, { csv: atendoCsv(1), templateType: "atendo" }), 403, "ERR_NO_PERMISSION");
    expect(await ongoing(server, admin)).toBeNull();
  });
});

describe("GET /contact-import/download", () => {
  it("writes Atendo's header row in the language asked, as a UTF-8 CSV with a byte order mark", async () => {
    const expected = { en: "Name,Number,Email", pt: "Nome,Número,E-mail", es: "Nombre,Número,Correo electrónico" };
    for (const [language, header] of Object.entries(expected)) {
      const response = await download(`templateType=atendo&language=${language}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toBe(`attachment; filename="contacts-atendo-${language}.csv"`);
      expect(response.body).toBe(`\uFEFF${header}\r\n`);
    }
  });

  it("writes Google's header as Google Contacts exports it, in English whatever the language", async () => {
    for (const language of ["en", "pt"]) {
      const header = (await download(`templateType=google&language=${language}`)).body.replace(/^\uFEFF/, "").trim().split(",");
      expect(header.slice(0, 3)).toEqual(["First Name", "Middle Name", "Last Name"]);
      expect(header).toContain("E-mail 1 - Value");
      expect(header.at(-1)).toBe("Phone 1 - Value");
    }
  });

  it("answers ERR_INVALID_CSV_TEMPLATE for a missing or unknown template", async () => {
    await expectError(download("language=en"), 400, "ERR_INVALID_CSV_TEMPLATE");
    await expectError(download("templateType=outlook"), 400, "ERR_INVALID_CSV_TEMPLATE");
  });
});

describe("can-import and ongoing", () => {
  it("show no import at first, then the latest one once it ended", async () => {
    expect((await server.request({ method: "GET", url: "/api/contact-import/can-import", token: admin })).json()).toEqual({ canImport: true });
    expect(await ongoing(server, admin)).toBeNull();

    const ended = await importAndWait(server, admin, { csv: atendoCsv(3), templateType: "atendo", fileName: "team.csv" });
    expect(ended).toMatchObject({ status: "finished", fileName: "team.csv", templateType: "atendo", progress: 100, totalCount: 3, successCount: 3, error: null });
    expect(ended.finishedAt).not.toBeNull();
    expect(await ongoing(server, admin)).toEqual(ended);
    expect((await server.request({ method: "GET", url: "/api/contact-import/can-import", token: admin })).json()).toEqual({ canImport: true });
  });

  it("answers 404 for the failures of an unknown import", async () => {
    await expectError(server.request({ method: "GET", url: "/api/contact-import/999999/failures", token: admin }), 404, "ERR_NOT_FOUND");
  });
});

describe("OpenAPI", () => {
  it("documents every contact-import route and how to upload", async () => {
    const paths = (await server.request({ method: "GET", url: "/api/docs/json" })).json().paths;
    expect(Object.keys(paths).filter((path) => path.startsWith("/api/contact-import")).sort()).toEqual([
      "/api/contact-import",
      "/api/contact-import/can-import",
      "/api/contact-import/download",
      "/api/contact-import/ongoing",
      "/api/contact-import/{id}/failures",
    ]);
    expect(paths["/api/contact-import"].post.description).toContain("multipart/form-data: the file in `csv`");
    expect(Object.keys(paths["/api/contact-import"].post.responses)).toEqual(expect.arrayContaining(["202", "409", "413", "415"]));
  });
});
