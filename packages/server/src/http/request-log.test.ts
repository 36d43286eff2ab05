import Fastify, { LogController } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestServer, type TestServer } from "../test/harness.js";
import { registerRequestLog } from "./request-log.js";

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  url?: string;
  statusCode?: number;
  responseTime?: number;
}

/** A pino destination that keeps every line it is given. */
function captureLog() {
  const lines: LogLine[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } };
}

const INFO = 30;
const WARN = 40;
const ERROR = 50;

async function someTraffic(server: TestServer): Promise<void> {
  await server.login(ADMIN.email, ADMIN.password);
  await server.request({ method: "GET", url: "/api/public/config" });
  await server.request({ method: "GET", url: "/api/nothing-here" });
  await server.request({ method: "GET", url: "/api/settings" });
}

describe("request logs of the app at LOG_LEVEL=info", () => {
  const log = captureLog();
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ LOG_LEVEL: "info" }, { logStream: log.stream });
  });
  afterAll(() => server.close());

  it("writes nothing for ordinary requests, answered or refused, so start-up messages stay visible", async () => {
    await someTraffic(server);
    expect(log.lines.filter((line) => line.reqId !== undefined)).toEqual([]);
  });
});

describe("request logs with ACCESS_LOG=true", () => {
  const log = captureLog();
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ LOG_LEVEL: "info", ACCESS_LOG: "true" }, { logStream: log.stream });
  });
  afterAll(() => server.close());

  it("writes one info line per request with its method, path, status and time", async () => {
    await someTraffic(server);
    const requests = log.lines.filter((line) => line.reqId !== undefined);
    expect(requests.map((line) => [line.level, line.msg, line.url, line.statusCode])).toEqual([
      [INFO, "request completed", "/api/auth/login", 200],
      [INFO, "request completed", "/api/public/config", 200],
      [INFO, "request completed", "/api/nothing-here", 404],
      [INFO, "request completed", "/api/settings", 401],
    ]);
    expect(requests.every((line) => typeof line.responseTime === "number")).toBe(true);
  });
});

describe("what is logged without the access log", () => {
  async function appWith(slowMs: number) {
    const log = captureLog();
    const app = Fastify({ logger: { level: "info", stream: log.stream }, logController: new LogController({ disableRequestLogging: true }) });
    registerRequestLog(app, { accessLog: false, slowMs });
    app.get("/fine", async () => ({ ok: true }));
    app.get("/refused", async (_request, reply) => reply.status(403).send({ error: "no" }));
    app.get("/broken", async () => {
      throw new Error("boom");
    });
    app.get("/unavailable", async (_request, reply) => reply.status(503).send({ error: "later" }));
    // Slow on purpose: what is measured, not a wait for something else.
    app.get("/slow", async () => new Promise((resolve) => setTimeout(() => resolve({ ok: true }), 30)));
    await app.ready();
    return { app, lines: log.lines };
  }

  it("logs server errors at error, and nothing for answered or refused requests", async () => {
    const { app, lines } = await appWith(60_000);
    for (const url of ["/fine", "/refused", "/broken", "/unavailable", "/slow"]) await app.inject({ url });
    const requests = lines.filter((line) => line.reqId !== undefined && line.msg !== "Request errored");
    expect(requests.map((line) => [line.level, line.msg, line.url, line.statusCode])).toEqual([
      [ERROR, "server error answered", "/broken", 500],
      [ERROR, "server error answered", "/unavailable", 503],
    ]);
    await app.close();
  });

  it("logs requests slower than the threshold at warn", async () => {
    const { app, lines } = await appWith(10);
    await app.inject({ url: "/slow" });
    const slow = lines.filter((line) => line.msg === "slow request");
    expect(slow.map((line) => [line.level, line.url, line.statusCode])).toEqual([[WARN, "/slow", 200]]);
    expect(slow[0]?.responseTime).toBeGreaterThanOrEqual(10);
    await app.close();
  });
});
