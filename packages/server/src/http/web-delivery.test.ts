import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedReportTicket } from "../test/report-fixtures.js";
import { createQuickAnswer } from "../test/fixtures.js";
import { createTestServer, type TestServer } from "../test/harness.js";
import { compressionThresholdBytes } from "./compression.js";
import { hashedAssetCacheControl, unhashedCacheControl } from "./web-app.js";

// Delivery of the web app and the API (docs/decisions/0043-web-delivery.md): precompressed static
// files, cache policy per kind of file, hidden source maps, compressed JSON and CSV.

const script = `export const greeting = ${JSON.stringify("hello ".repeat(400))};\n`;
const html = `<!doctype html><title>spa</title><script type="module" src="/assets/app-abc123.js"></script>${" ".repeat(600)}`;
const worker = `self.addEventListener("fetch", () => {});\n${"// shell\n".repeat(100)}`;

let dist: string;
let server: TestServer;
let admin: string;

/** A file with its brotli and gzip twins, as the build writes them. */
function writeWithTwins(path: string, text: string): void {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "atendo-web-delivery-"));
  mkdirSync(join(dist, "assets"));
  writeWithTwins(join(dist, "index.html"), html);
  writeWithTwins(join(dist, "assets/app-abc123.js"), script);
  writeWithTwins(join(dist, "sw.js"), worker);
  writeFileSync(join(dist, "assets/app-abc123.js.map"), JSON.stringify({ version: 3, sources: ["src/secret.ts"] }));
  writeFileSync(join(dist, "logo.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  server = await createTestServer({ WEB_DIST: dist });
  admin = await server.adminToken();
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, token?: string) =>
  server.request({ method: "GET", url, token, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("static files of the web app", () => {
  it("serves the brotli twin of an asset to a browser that accepts br, varying on Accept-Encoding", async () => {
    const response = await get("/assets/app-abc123.js", "gzip, deflate, br");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it("serves the gzip twin to a client that accepts only gzip", async () => {
    const response = await get("/assets/app-abc123.js", "gzip");
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it("serves the file itself to a client that accepts no encoding", async () => {
    for (const acceptEncoding of [undefined, "identity"]) {
      const response = await get("/assets/app-abc123.js", acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.body).toBe(script);
    }
  });

  it("lets browsers keep hashed assets for a year, and revalidate every file whose name does not change", async () => {
    expect((await get("/assets/app-abc123.js", "br")).headers["cache-control"]).toBe(hashedAssetCacheControl);
    expect(hashedAssetCacheControl).toBe("public, max-age=31536000, immutable");
    for (const url of ["/sw.js", "/logo.svg", "/index.html", "/tickets", "/", "/manifest.webmanifest"]) {
      const response = await get(url, "br");
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe(unhashedCacheControl);
    }
    expect(unhashedCacheControl).toBe("no-cache");
  });

  it("serves the SPA fallback and the service worker compressed too", async () => {
    const page = await get("/tickets/42", "br");
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(html);
    const sw = await get("/sw.js", "gzip");
    expect(sw.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(sw.rawPayload).toString()).toBe(worker);
  });

  it("answers 404 for source maps and missing assets, never the SPA page", async () => {
    for (const url of ["/assets/app-abc123.js.map", "/sw.js.map", "/assets/gone-999.js", "/assets/app-abc123.js.br"]) {
      const response = await get(url, "br");
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ error: "ERR_NOT_FOUND" });
    }
  });
});

describe("API responses", () => {
  it("compresses JSON above the threshold with the encoding the client prefers", async () => {
    for (let n = 0; n < 12; n += 1) {
      await createQuickAnswer(server, admin, { shortcut: `delivery-${n}`, message: `A reply long enough to count ${n} `.repeat(4) });
    }
    const plain = await get("/api/quickAnswers", undefined, admin);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(compressionThresholdBytes);

    const br = await get("/api/quickAnswers", "gzip, br", admin);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get("/api/quickAnswers", "gzip", admin);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it("sends JSON below the threshold as it is", async () => {
    const response = await get("/api/health", "gzip, br");
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(compressionThresholdBytes);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.json()).toMatchObject({ status: expect.any(String) });
  });

  it("streams a CSV download compressed, whole and readable", async () => {
    const count = 40;
    for (let n = 0; n < count; n += 1) {
      await seedReportTicket(server, { connectionId: null, connectionName: "Delivery line", status: "closed", contactName: `Delivery ${n}`, createdAt: "2026-03-02T12:00:00Z", closedAt: "2026-03-02T13:00:00Z" });
    }
    const url = "/api/reports/tickets?action=download&startDate=2026-03-01&endDate=2026-03-05&language=en";
    const plain = await get(url, undefined, admin);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();

    const gzip = await get(url, "gzip", admin);
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(gzip.headers["content-disposition"]).toBe(plain.headers["content-disposition"]);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const text = gunzipSync(gzip.rawPayload);
    expect([...text.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.toString()).toBe(plain.body);
    // The header line and one line per ticket.
    expect(text.toString().trim().split(/\r?\n/)).toHaveLength(count + 1);
  });
});
