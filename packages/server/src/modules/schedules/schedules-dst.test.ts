import type { Schedule, SchedulePage } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection } from "../../test/channel-fixtures.js";
import { createContact, createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { postSchedule } from "../../test/schedule-fixtures.js";
import { sendDueSchedules } from "./schedule-send.js";

/**
 * A daily schedule on an install in Lisbon keeps its 09:00 across the change to summer time
 * (2027-03-28, 01:00 UTC): written through the API on the install's clock, sent by the job's look
 * at each due time, each sending writing the next.
 */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await createTestServer({ TIME_ZONE: "Europe/Lisbon" });
  admin = await server.adminToken();
  const queue = await createQueue(server, admin, { greetingMessage: "" });
  await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id, isDefault: true });
});
afterAll(() => server.close());

describe("a daily schedule across a daylight-saving change", () => {
  it("is sent at 09:00 Lisbon time every day: 09:00 UTC in winter, 08:00 UTC in summer", async () => {
    const contact = await createContact(server, admin);
    const created = await postSchedule(server, admin, { contactId: contact.id, body: "Good morning", sendAt: "2027-03-27T09:00", recurrence: { every: "day", interval: 1, until: "2027-03-29T09:00" } });
    expect(created.sendAt).toBe("2027-03-27T09:00:00.000Z");
    const seen: string[] = [created.sendAt];
    for (let day = 0; day < 3; day++) {
      const due = new Date(seen.at(-1)!);
      expect(await sendDueSchedules(server.ctx, new Date(due.getTime() + 500))).toBe(1);
      const page = (await server.request({ method: "GET", url: `/api/schedules?contactId=${contact.id}&status=pending`, token: admin })).json() as SchedulePage;
      const next: Schedule | undefined = page.schedules[0];
      if (!next) break;
      seen.push(next.sendAt);
    }
    expect(seen).toEqual(["2027-03-27T09:00:00.000Z", "2027-03-28T08:00:00.000Z", "2027-03-29T08:00:00.000Z"]);
    // Each was sent (the last ends the series: `until`), none failed.
    const all = (await server.request({ method: "GET", url: `/api/schedules?contactId=${contact.id}`, token: admin })).json() as SchedulePage;
    expect(all.schedules.map((s) => [s.sendAt, s.status])).toEqual([
      ["2027-03-29T08:00:00.000Z", "sent"],
      ["2027-03-28T08:00:00.000Z", "sent"],
      ["2027-03-27T09:00:00.000Z", "sent"],
    ]);
  });
});
