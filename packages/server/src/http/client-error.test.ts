import { errorCatalogue } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../test/harness.js";
import { rawRequest } from "../test/raw-http.js";

/**
 * Requests Node's HTTP parser refuses before any route sees them (issue 28): each is answered in
 * the product's error shape with a catalogued code, then the connection is closed.
 */
let server: TestServer;
let baseUrl = "";

beforeAll(async () => {
  server = await createTestServer();
  baseUrl = await server.listen();
});
afterAll(() => server.close());

/** The status line and the JSON body of what the server wrote before closing. */
function parsed(text: string): { status: number; body: unknown } {
  const [head = "", body = ""] = text.split("\r\n\r\n");
  return { status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1]), body: JSON.parse(body) as unknown };
}

describe("a request the HTTP parser refuses", () => {
  it("a body cut off by a half-closed connection answers 400 ERR_MISSING_VALUES", async () => {
    const head = ["POST /api/auth/login HTTP/1.1", "Host: localhost", "Content-Type: application/json", "Content-Length: 100", ""].join("\n");
    const exchange = await rawRequest(baseUrl, head, '{"email":"cut');
    exchange.socket.end(); // the client sends its FIN: the rest of the body will never come
    const { text, closed } = await exchange.ended;
    expect(closed).toBe(true);
    expect(parsed(text)).toEqual({ status: 400, body: { error: "ERR_MISSING_VALUES", message: errorCatalogue.ERR_MISSING_VALUES.en } });
  });

  it("a head that does not parse answers 400 ERR_MISSING_VALUES", async () => {
    const exchange = await rawRequest(baseUrl, ["GET /api/health HTTP/1.1", "Host: localhost", "this is no header", ""].join("\n"), "");
    const { text, closed } = await exchange.ended;
    expect(closed).toBe(true);
    expect(parsed(text)).toEqual({ status: 400, body: { error: "ERR_MISSING_VALUES", message: errorCatalogue.ERR_MISSING_VALUES.en } });
  });

  it("a head larger than Node accepts answers 431 ERR_PAYLOAD_TOO_LARGE", async () => {
    const exchange = await rawRequest(baseUrl, ["GET /api/health HTTP/1.1", "Host: localhost", `X-Filler: ${"a".repeat(20_000)}`, ""].join("\n"), "");
    const { text, closed } = await exchange.ended;
    expect(closed).toBe(true);
    expect(parsed(text)).toEqual({ status: 431, body: { error: "ERR_PAYLOAD_TOO_LARGE", message: errorCatalogue.ERR_PAYLOAD_TOO_LARGE.en } });
  });

  it("leaves the server answering the next request", async () => {
    const response = await fetch(`${baseUrl}/api/health`);
    expect(response.status).toBe(200);
  });
});
