import type { Connection } from "@atendo/contracts";
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection, inbound } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { descriptorsInto, rawRequest } from "../../test/raw-http.js";
import { waitFor } from "../../test/wait-for.js";

// Small bounds so the tests wait for the server's own timers, not for a sleep of theirs.
const IDLE_SECONDS = 0.3;
let quiet: TestServer; // gives up on a body that goes quiet for IDLE_SECONDS
let slow: TestServer; // a body that keeps trickling is cut at its overall cap
let quietUrl = "";
let slowUrl = "";
let admin: string;
let connection: Connection;

beforeAll(async () => {
  quiet = await createTestServer({ UPLOAD_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS), UPLOAD_MAX_SECONDS: "600" });
  slow = await createTestServer({ UPLOAD_IDLE_TIMEOUT_SECONDS: "20", UPLOAD_MAX_SECONDS: "0.8" });
  admin = await quiet.adminToken();
  const queue = await createQueue(quiet, admin, { greetingMessage: "" });
  connection = await createConnection(quiet, admin, { destinationType: "queue", destinationItem: queue.id });
  quietUrl = await quiet.listen();
  slowUrl = await slow.listen();
});
afterAll(async () => {
  await quiet.close();
  await slow.close();
});

const boundary = "atendoTruncated";
const fileStart = Buffer.concat([
  Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="medias"; filename="notes.txt"\r\ncontent-type: text/plain\r\n\r\n`),
  Buffer.alloc(64 * 1024, "a"),
]);

/** The head of a multipart POST that announces far more than will be sent. */
function truncatedUpload(url: string, token: string): string {
  return [`POST ${url} HTTP/1.1`, "Host: localhost", `Authorization: Bearer ${token}`, `Content-Type: multipart/form-data; boundary=${boundary}`, "Content-Length: 5000000", ""].join("\n");
}

const uploads = (server: TestServer) => readdirSync(server.ctx.config.MEDIA_DIR).filter((name) => name.endsWith(".upload"));

/** The temporary file is gone and no descriptor of this process points into the media folder. */
async function released(server: TestServer): Promise<void> {
  const dir = server.ctx.config.MEDIA_DIR;
  await waitFor(() => uploads(server).length === 0 && descriptorsInto(dir).length === 0, "the upload's file to be closed and removed");
}

describe("uploads that stop half-way", () => {
  it("answer 408 ERR_UPLOAD_TIMEOUT once the body goes quiet, close the connection and release the file", async () => {
    const { ticketId } = await inbound(quiet, connection);
    const exchange = await rawRequest(quietUrl, truncatedUpload(`/api/messages/${ticketId}`, admin), fileStart);
    // The server read part of the file into a temporary file before the client went quiet.
    await waitFor(() => uploads(quiet).length === 1, "the upload to reach the disk");
    const { text, closed, afterMs } = await exchange.ended;
    expect(closed, "the server closed the connection").toBe(true);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toContain('"error":"ERR_UPLOAD_TIMEOUT"');
    expect(afterMs).toBeGreaterThanOrEqual(IDLE_SECONDS * 1000 * 0.8);
    await released(quiet);
  });

  it("do the same for a JSON body sent to the API channel", async () => {
    const head = [`POST /api/channels/${connection.id}/messages HTTP/1.1`, "Host: localhost", `Authorization: Bearer ${connection.apiToken}`, "Content-Type: application/json", "Content-Length: 100000", ""].join("\n");
    const { text, closed } = await (await rawRequest(quietUrl, head, '{"externalId":"cut","media":{"data":"AAAA')).ended;
    expect(closed).toBe(true);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toContain('"error":"ERR_UPLOAD_TIMEOUT"');
  });

  it("cut a body that keeps trickling at the overall cap", async () => {
    const slowAdmin = await slow.adminToken();
    const queue = await createQueue(slow, slowAdmin, { greetingMessage: "" });
    const slowConnection = await createConnection(slow, slowAdmin, { destinationType: "queue", destinationItem: queue.id });
    const { ticketId } = await inbound(slow, slowConnection);
    const exchange = await rawRequest(slowUrl, truncatedUpload(`/api/messages/${ticketId}`, slowAdmin), fileStart);
    // One byte every 50 ms: never quiet for the 20 s idle bound, so only the 0.8 s cap can end it.
    const trickle = setInterval(() => exchange.socket.writable && exchange.socket.write("a"), 50);
    const { text, closed, afterMs } = await exchange.ended.finally(() => clearInterval(trickle));
    expect(closed).toBe(true);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toContain('"error":"ERR_UPLOAD_TIMEOUT"');
    expect(afterMs).toBeLessThan(20_000);
    await released(slow);
  });

  it("close the connection of a refused upload whose remainder never comes", async () => {
    const outsider = await quiet.createUser();
    const { ticketId } = await inbound(quiet, connection);
    const { text, closed } = await (await rawRequest(quietUrl, truncatedUpload(`/api/messages/${ticketId}`, outsider.token), fileStart)).ended;
    // Refused before the upload is read; the unread rest of the body may not hold the socket.
    expect(text).toMatch(/^HTTP\/1\.1 403 /);
    expect(closed).toBe(true);
    await released(quiet);
  });

  it("release the file when the client hangs up in the middle", async () => {
    const { ticketId } = await inbound(quiet, connection);
    const exchange = await rawRequest(quietUrl, truncatedUpload(`/api/messages/${ticketId}`, admin), fileStart);
    await waitFor(() => uploads(quiet).length === 1, "the upload to reach the disk");
    exchange.socket.destroy();
    await released(quiet);
  });
});

describe("multipart without a boundary", () => {
  it("answers 400 ERR_INVALID_UPLOAD on every multipart route, not 500", async () => {
    const { ticketId } = await inbound(quiet, connection);
    const calls = [
      { url: `/api/messages/${ticketId}`, headers: { authorization: `Bearer ${admin}` } },
      { url: `/api/simulator/${connection.id}/messages`, headers: { authorization: `Bearer ${admin}` } },
      { url: `/api/channels/${connection.id}/messages`, headers: { authorization: `Bearer ${connection.apiToken}` } },
    ];
    for (const call of calls) {
      const response = await quiet.request({ method: "POST", url: call.url, headers: { ...call.headers, "content-type": "multipart/form-data" }, payload: "--x\r\n\r\n" });
      expect(response.statusCode, call.url).toBe(400);
      expect(response.json().error, call.url).toBe("ERR_INVALID_UPLOAD");
    }
  });
});
