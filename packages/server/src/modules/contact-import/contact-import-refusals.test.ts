import { limits } from "@atendo/contracts";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactImports, contacts } from "../../db/schema/index.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { multipart, pngBytes } from "../../test/media-samples.js";
import { expectError } from "../../test/route-guards.js";
import { importAndWait, postImport, type ImportUpload } from "../../test/contact-import-fixtures.js";

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
});
afterAll(() => server.close());

const good = "name,number\nAna,5511911110000\n";
const googleExport = "First Name,Middle Name,Last Name,Labels,Phone 1 - Label,Phone 1 - Value\nAna,,Lima,* myContacts,Mobile,+55 11 91111-0000\n";

function refuse(upload: Partial<ImportUpload>, status: number, code: Parameters<typeof expectError>[2]) {
  return expectError(postImport(server, admin, { csv: good, templateType: "atendo", ...upload }), status, code);
}

describe("POST /contact-import refuses a bad upload before storing anything", () => {
  it("without a template, or with one it does not know: ERR_INVALID_CSV_TEMPLATE", async () => {
    await refuse({ templateType: undefined }, 400, "ERR_INVALID_CSV_TEMPLATE");
    await refuse({ templateType: "outlook" }, 400, "ERR_INVALID_CSV_TEMPLATE");
  });

  it("a file of limits.csvBytes or more: 413 ERR_PAYLOAD_TOO_LARGE, as every upload; one byte less is taken", async () => {
    const padded = (size: number) => good + "\n".repeat(size - Buffer.byteLength(good));
    await refuse({ csv: padded(limits.csvBytes) }, 413, "ERR_PAYLOAD_TOO_LARGE");
    const taken = await importAndWait(server, admin, { csv: padded(limits.csvBytes - 1), templateType: "atendo" });
    expect(taken).toMatchObject({ status: "finished", totalCount: 1, successCount: 1 });
    await server.ctx.db.delete(contactImports);
    await server.ctx.db.delete(contacts);
  });

  it("what is not CSV text: 415 FILE_NOT_SUPPORTED (an image, UTF-16, a spreadsheet, a quote never closed)", async () => {
    await refuse({ csv: pngBytes, fileName: "photo.csv" }, 415, "FILE_NOT_SUPPORTED");
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(good, "utf16le")]);
    await refuse({ csv: utf16 }, 415, "FILE_NOT_SUPPORTED");
    const xlsx = Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.from([0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00])]);
    await refuse({ csv: xlsx, fileName: "contacts.xlsx" }, 415, "FILE_NOT_SUPPORTED");
    await refuse({ csv: 'name,number\n"Ana,5511911110000\n' }, 415, "FILE_NOT_SUPPORTED");
  });

  it("no data row: ERR_EMPTY_CSV (no bytes, blank lines, a header alone)", async () => {
    await refuse({ csv: "" }, 400, "ERR_EMPTY_CSV");
    await refuse({ csv: "\r\n\r\n  \n" }, 400, "ERR_EMPTY_CSV");
    await refuse({ csv: "name,number,email\n,,\n" }, 400, "ERR_EMPTY_CSV");
  });

  it("a header that is not Atendo's: ERR_INVALID_ATENDO_CSV (no number column, a Google export, two name columns)", async () => {
    await refuse({ csv: "name,phone\nAna,5511911110000\n" }, 400, "ERR_INVALID_ATENDO_CSV");
    await refuse({ csv: googleExport }, 400, "ERR_INVALID_ATENDO_CSV");
    await refuse({ csv: "name,nome,number\nAna,Ana,5511911110000\n" }, 400, "ERR_INVALID_ATENDO_CSV");
  });

  it("a header that is not Google's: ERR_INVALID_GOOGLE_CSV", async () => {
    await refuse({ templateType: "google" }, 400, "ERR_INVALID_GOOGLE_CSV");
  });

  it("no file, or no multipart body at all: ERR_MISSING_VALUES", async () => {
    const { payload, headers } = multipart([{ name: "templateType", value: "atendo" }]);
    await expectError(server.request({ method: "POST", url: "/api/contact-import", token: admin, payload, headers }), 400, "ERR_MISSING_VALUES");
    await expectError(server.request({ method: "POST", url: "/api/contact-import", token: admin, payload: { templateType: "atendo" } }), 400, "ERR_MISSING_VALUES");
  });

  it("and after all those refusals nothing was stored", async () => {
    const [imports] = await server.ctx.db.select({ n: count() }).from(contactImports);
    const [stored] = await server.ctx.db.select({ n: count() }).from(contacts);
    expect({ imports: imports?.n, contacts: stored?.n }).toEqual({ imports: 0, contacts: 0 });
  });
});
