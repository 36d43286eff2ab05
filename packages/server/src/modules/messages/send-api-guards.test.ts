import type { PublicSendResponse, Setting } from "@atendo/contracts";
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueNumber } from "../../test/channel-fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { multipart, pngBytes } from "../../test/media-samples.js";
import { expectError, expectRefused } from "../../test/route-guards.js";
import { connectSocket } from "../../test/socket-client.js";
import { publicSendRateLimit } from "./public-send.routes.js";
import { apiTokenOf, connectedConnection, sendApi } from "../../test/send-api-fixtures.js";

/** Every log line the server writes, at the most talkative level, with the access log on. */
const logLines: string[] = [];
let server: TestServer;
let admin: string;
let apiToken: string;

beforeAll(async () => {
  server = await createTestServer({ LOG_LEVEL: "trace", ACCESS_LOG: "true" }, { logStream: { write: (line) => void logLines.push(line) } });
  admin = await server.adminToken();
  apiToken = await apiTokenOf(server, admin);
  const owner = await server.createUser();
  await connectedConnection(server, admin, { destinationType: "users", destinationItem: owner.id });
});
afterAll(() => server.close());

const message = () => ({ number: uniqueNumber(), body: "Hello from the shop" });

describe("the API token", () => {
  it("is required: none, a wrong one, or a user's access token answer 401 ERR_INVALID_API_TOKEN", async () => {
    await expectError(sendApi(server, undefined, message()), 401, "ERR_INVALID_API_TOKEN");
    await expectError(sendApi(server, `${apiToken}x`, message()), 401, "ERR_INVALID_API_TOKEN");
    await expectError(sendApi(server, apiToken.slice(1), message()), 401, "ERR_INVALID_API_TOKEN");
    await expectError(sendApi(server, admin, message()), 401, "ERR_INVALID_API_TOKEN");
    const basic = server.request({ method: "POST", url: "/api/messages/send", headers: { authorization: `Basic ${apiToken}` }, payload: message() });
    await expectError(basic, 401, "ERR_INVALID_API_TOKEN");
    expect((await sendApi(server, apiToken, message())).statusCode).toBe(201);
  });

  it("opens nothing else: the user routes and the sockets refuse it", async () => {
    const sent = (await sendApi(server, apiToken, message())).json() as PublicSendResponse;
    await expectRefused(
      server,
      [
        { method: "GET", url: "/api/tickets" },
        { method: "GET", url: `/api/messages/${sent.ticket.id}` },
        { method: "POST", url: `/api/messages/${sent.ticket.id}`, payload: { body: "Sneaky" } },
        { method: "GET", url: "/api/settings" },
      ],
      apiToken,
      401,
      "ERR_SESSION_EXPIRED",
    );
    const baseUrl = await server.listen();
    await expect(connectSocket(baseUrl, apiToken)).rejects.toThrow();
  });

  it("stops working the moment it is regenerated in Settings; the new one works at once", async () => {
    const rotated = await server.request({ method: "PUT", url: "/api/settings/userApiToken", token: admin, payload: { value: "" } });
    const fresh = (rotated.json() as Setting).value;
    expect(fresh).not.toBe(apiToken);
    await expectError(sendApi(server, apiToken, message()), 401, "ERR_INVALID_API_TOKEN");
    expect((await sendApi(server, fresh, message())).statusCode).toBe(201);
    apiToken = fresh;
  });

  it("is checked before an upload is read: a refused caller's file never reaches the disk", async () => {
    const mediaDir = server.ctx.config.MEDIA_DIR;
    const before = readdirSync(mediaDir, { recursive: true }).length;
    const { payload, headers } = multipart([
      { name: "number", value: uniqueNumber() },
      { name: "medias", file: pngBytes, fileName: "a.png", type: "image/png" },
    ]);
    await expectError(server.request({ method: "POST", url: "/api/messages/send", headers: { ...headers, authorization: "Bearer wrong" }, payload }), 401, "ERR_INVALID_API_TOKEN");
    expect(readdirSync(mediaDir, { recursive: true })).toHaveLength(before);
  });

  it("never appears in the logs, even at trace level with the access log on", async () => {
    const token = await apiTokenOf(server, admin);
    expect((await sendApi(server, token, message())).statusCode).toBe(201);
    await sendApi(server, `${token}-wrong`, message());
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => line.includes(token))).toEqual([]);
  });
});

describe("the rate limit", () => {
  it(`answers 429 ERR_TOO_MANY_REQUESTS past ${publicSendRateLimit.max} calls a minute from one address, wrong tokens counted, others unaffected`, async () => {
    const busy = { remoteAddress: "198.51.100.7" };
    const answers = await Promise.all(Array.from({ length: publicSendRateLimit.max }, () => sendApi(server, "a-guess", message(), busy)));
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([401]));
    await expectError(sendApi(server, apiToken, message(), busy), 429, "ERR_TOO_MANY_REQUESTS");
    expect((await sendApi(server, apiToken, message(), { remoteAddress: "198.51.100.8" })).statusCode).toBe(201);
  });
});

describe("OpenAPI", () => {
  it("documents the route: the bearer, JSON and multipart bodies, its answers", async () => {
    const paths = (await server.request({ method: "GET", url: "/api/docs/json" })).json().paths;
    const send = paths["/api/messages/send"].post;
    expect(send.security).toEqual([{ bearer: [] }]);
    expect(send.tags).toEqual(["public API"]);
    expect(Object.keys(send.requestBody.content)).toEqual(expect.arrayContaining(["application/json", "multipart/form-data"]));
    expect(send.requestBody.content["application/json"].schema.required).toEqual(expect.arrayContaining(["number", "body"]));
    expect(Object.keys(send.responses)).toEqual(expect.arrayContaining(["201", "400", "401", "404", "409", "413", "415", "429"]));
    expect(send.description).toContain("userApiToken");
  });
});
