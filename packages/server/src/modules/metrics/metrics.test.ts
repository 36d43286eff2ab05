import { errorCatalogue } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection, inbound } from "../../test/channel-fixtures.js";
import { ADMIN, createTestServer, type TestServer } from "../../test/harness.js";

const TOKEN = "metrics-token-of-the-test-0123456789";

let server: TestServer;
let off: TestServer;
beforeAll(async () => {
  [server, off] = await Promise.all([createTestServer({ METRICS_TOKEN: TOKEN }), createTestServer()]);
});
afterAll(() => Promise.all([server.close(), off.close()]));

const scrape = (target: TestServer, authorization?: string) =>
  target.request({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

/** One sample's value from the exposition text (0 when the series is absent). */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("GET /metrics: guards", () => {
  it("is off without METRICS_TOKEN: a catalogued 404, never the web app", async () => {
    const response = await scrape(off, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "ERR_NOT_FOUND", message: errorCatalogue.ERR_NOT_FOUND.en });
  });

  it("refuses a missing, a wrong and a non-bearer token with ERR_METRICS_TOKEN_INVALID", async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, "Bearer wrong", TOKEN, `Basic ${TOKEN}`]) {
      const response = await scrape(server, authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json().error).toBe("ERR_METRICS_TOKEN_INVALID");
    }
  });

  it("does not take a staff session instead of the token", async () => {
    const response = await scrape(server, `Bearer ${await server.adminToken()}`);
    expect(response.statusCode).toBe(401);
  });
});

describe("GET /metrics: what it exposes", () => {
  it("answers Prometheus text with every metric of docs/deployment.md", async () => {
    const response = await scrape(server, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/plain");
    for (const name of [
      "atendo_http_request_duration_seconds",
      "atendo_messages_received_total",
      "atendo_messages_sent_total",
      "atendo_inbound_group_commit_batch_size",
      "atendo_outbound_pending_messages",
      "atendo_event_outbox_pending",
      "atendo_connections",
      "atendo_sockets_connected",
      "atendo_job_runs_total",
      "atendo_job_failures_total",
      "atendo_db_pool_clients",
      "nodejs_eventloop_lag_p99_seconds",
    ]) {
      expect(response.body, name).toContain(`# TYPE ${name} `);
    }
  });

  it("counts a message received and one sent by channel, the group commit's batch, connections by status and latency by route", async () => {
    const { token: admin, user } = await server.login(ADMIN.email, ADMIN.password);
    const connection = await createConnection(server, admin, { destinationType: "users", destinationItem: user.id });
    const before = (await scrape(server, `Bearer ${TOKEN}`)).body;
    const { ticketId } = await inbound(server, connection);
    const reply = await server.request({ method: "POST", url: `/api/messages/${ticketId}`, token: admin, payload: { body: "Hello from us" } });
    expect(reply.statusCode).toBe(201);
    await server.ctx.events.settled();
    const after = (await scrape(server, `Bearer ${TOKEN}`)).body;

    const received = 'atendo_messages_received_total{channel="api"}';
    const sent = 'atendo_messages_sent_total{channel="api"}';
    expect(sample(after, received) - sample(before, received)).toBe(1);
    expect(sample(after, sent) - sample(before, sent)).toBe(1);
    expect(sample(after, "atendo_inbound_group_commit_batch_size_count")).toBeGreaterThan(sample(before, "atendo_inbound_group_commit_batch_size_count"));
    expect(sample(after, `atendo_connections{status="CONNECTED"}`)).toBeGreaterThanOrEqual(1);
    // The route's pattern, not the URL with its ticket id.
    expect(sample(after, 'atendo_http_request_duration_seconds_count{method="POST",route="/api/messages/:ticketId",status_class="2xx"}')).toBe(1);
    expect(after).not.toContain(`/api/messages/${ticketId}"`);
  });

  it("counts job runs and failures by job", async () => {
    server.jobs.start("presence");
    await server.jobs.stop();
    const text = (await scrape(server, `Bearer ${TOKEN}`)).body;
    expect(sample(text, 'atendo_job_runs_total{job="presence"}')).toBeGreaterThanOrEqual(1);
  });
});
