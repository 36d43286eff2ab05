import type { Connection, ErrorCode } from "@atendo/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { createConnection, postInbound, uniqueExternalId, uniqueNumber } from "../test/channel-fixtures.js";
import { createQueue } from "../test/fixtures.js";
import { useAdminServer } from "../test/admin-server.js";
import { multipart } from "../test/media-samples.js";

// Every date a request may name is checked before any work (issue 28, docs/decisions/0059): a
// charts request ending 9999-12-31 froze the process until its heap ran out, one ending
// 9999-12-30 answered 224 MB after 14 s.

const t = useAdminServer();

/** Asserts the answer's status and code, and that it came at once (nothing was read or built first). */
async function expectRefusedAtOnce(url: string, code: ErrorCode): Promise<void> {
  const started = performance.now();
  const response = await t.server.request({ method: "GET", url, token: t.admin });
  const elapsed = performance.now() - started;
  expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
  expect(response.json().error, url).toBe(code);
  expect(elapsed, url).toBeLessThan(1000);
}

const reportRoutes = ["/api/reports/charts?", "/api/reports/tickets?", "/api/reports/tickets?action=download&"];
const bounded = ["/api/reports/charts?", "/api/reports/tickets?action=download&"];

describe("report periods (charts, table, CSV)", () => {
  it("refuses years outside 2000–2100 and dates that do not exist with ERR_INVALID_DATE", async () => {
    const periods = [
      "startDate=2026-11-01&endDate=9999-12-31",
      "startDate=2026-11-01&endDate=9999-12-30",
      "startDate=0000-01-01&endDate=2026-11-01",
      "startDate=1999-12-31T23:59&endDate=2000-01-02",
      "startDate=2101-01-01",
      "startDate=2026-02-30",
      "startDate=2026-10-01&endDate=2026-10-01T24:00",
      "startDate=2026-10-01T10:00%2B25:00",
      "startDate=yesterday",
    ];
    for (const route of reportRoutes) {
      for (const period of periods) await expectRefusedAtOnce(`${route}${period}`, "ERR_INVALID_DATE");
    }
  });

  it("refuses an end before the start with ERR_PERIOD_END_BEFORE_START", async () => {
    for (const route of reportRoutes) {
      await expectRefusedAtOnce(`${route}startDate=2026-10-10&endDate=2026-10-09T23:59`, "ERR_PERIOD_END_BEFORE_START");
      // Without an end the period ends now: a start tomorrow is after it.
      await expectRefusedAtOnce(`${route}startDate=2100-12-31`, "ERR_PERIOD_END_BEFORE_START");
    }
  });

  it("keeps the charts and the CSV to 60 days (ERR_REPORT_RANGE_TOO_LONG); the paged table takes any period of those years", async () => {
    for (const route of bounded) {
      await expectRefusedAtOnce(`${route}startDate=2026-09-01&endDate=2026-11-01`, "ERR_REPORT_RANGE_TOO_LONG");
      await expectRefusedAtOnce(`${route}startDate=2000-01-01&endDate=2100-12-31T23:59`, "ERR_REPORT_RANGE_TOO_LONG");
      const sixtyDays = await t.server.request({ method: "GET", url: `${route}startDate=2026-09-01&endDate=2026-10-31`, token: t.admin });
      expect(sixtyDays.statusCode, sixtyDays.body).toBe(200);
    }
    const charts = await t.server.request({ method: "GET", url: "/api/reports/charts?startDate=2026-09-01&endDate=2026-10-31", token: t.admin });
    expect((charts.json() as { days: unknown[] }).days).toHaveLength(61);
    const table = await t.server.request({ method: "GET", url: "/api/reports/tickets?startDate=2000-01-01&endDate=2100-12-31T23:59:59", token: t.admin });
    expect(table.statusCode, table.body).toBe(200);
  });
});

describe("the `date` of ticket and chat lists", () => {
  it("refuses years outside 2000–2100 and dates that do not exist with ERR_INVALID_DATE", async () => {
    for (const list of ["/api/tickets", "/api/chats"]) {
      for (const date of ["9999-12-31", "0000-01-01", "2026-02-30", "2101-01-01T00:00:00Z", "1999-12-31T23:00:00-03:00"]) {
        await expectRefusedAtOnce(`${list}?date=${encodeURIComponent(date)}`, "ERR_INVALID_DATE");
      }
      const today = await t.server.request({ method: "GET", url: `${list}?date=2026-11-01`, token: t.admin });
      expect(today.statusCode, today.body).toBe(200);
    }
  });
});

describe("the API channel's message timestamp", () => {
  let api: Connection;
  beforeAll(async () => {
    const queue = await createQueue(t.server, t.admin);
    api = await createConnection(t.server, t.admin, { destinationType: "queue", destinationItem: queue.id });
  });

  it("refuses a moment outside 2000–2100 with ERR_INVALID_DATE, in JSON and in a form", async () => {
    for (const timestamp of ["9999-12-31T00:00:00Z", 8_000_000_000_000_000, 0]) {
      const response = await postInbound(t.server, api, { timestamp });
      expect(response.statusCode, String(timestamp)).toBe(400);
      expect(response.json().error, String(timestamp)).toBe("ERR_INVALID_DATE");
    }
    const form = multipart([
      { name: "externalId", value: uniqueExternalId() },
      { name: "number", value: uniqueNumber() },
      { name: "body", value: "From the future" },
      { name: "timestamp", value: "253402214400000" },
    ]);
    const response = await t.server.request({
      method: "POST",
      url: `/api/channels/${api.id}/messages`,
      headers: { ...form.headers, authorization: `Bearer ${api.apiToken}` },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toBe("ERR_INVALID_DATE");
  });
});
