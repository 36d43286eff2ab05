import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { messages, schedules } from "../../db/schema/index.js";
import { createConnection } from "../../test/channel-fixtures.js";
import { createContact, createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { openTestDatabase } from "../../test/test-database.js";
import { waitFor } from "../../test/wait-for.js";
import { makeDue, postSchedule, scheduleRow } from "../../test/schedule-fixtures.js";
import { sendDueSchedules, sendSchedule } from "./schedule-send.js";

/**
 * A scheduled message is sent exactly once (issue 31, docs/decisions/0084): two instances of the
 * app on one database look for due schedules at the same moment, and a schedule written while no
 * instance ran is sent once one starts.
 */
let database: Database;
let first: TestServer;
let second: TestServer;
let admin: string;
beforeAll(async () => {
  database = await openTestDatabase();
  first = await createTestServer({}, { database });
  second = await createTestServer({}, { database });
  admin = await first.adminToken();
  const queue = await createQueue(first, admin, { greetingMessage: "" });
  await createConnection(first, admin, { destinationType: "queue", destinationItem: queue.id, isDefault: true });
  // The second instance learns that the first runs the connection (its messages are the first's to hand over).
  await second.ctx.channels.startAll();
});
afterAll(async () => {
  await second.close();
  await first.close();
  await database.close();
});

async function sentBodies(ids: readonly number[]): Promise<string[]> {
  const rows = await first.ctx.db.select({ ticketId: schedules.ticketId }).from(schedules).where(inArray(schedules.id, [...ids]));
  const ticketIds = rows.map((row) => row.ticketId).filter((id): id is number => id !== null);
  if (ticketIds.length === 0) return [];
  return (await first.ctx.db.select({ body: messages.body }).from(messages).where(inArray(messages.ticketId, ticketIds))).map((m) => m.body).sort();
}

describe("scheduled messages across instances", () => {
  it("sends each due schedule once when two instances look at the same moment", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      const contact = await createContact(first, admin);
      const created = await postSchedule(first, admin, { contactId: contact.id, body: `Reminder ${String(i).padStart(2, "0")}` });
      await makeDue(first, created.id);
      ids.push(created.id);
    }
    // Both look at once, then again a second later while any is left: the connection's pace lets
    // a burst of schedules go a few at a time (the rest wait for their slot, still pending).
    let now = Date.now();
    for (let look = 0; look < 30; look++) {
      const waiting = await first.ctx.db.select({ id: schedules.id }).from(schedules).where(and(inArray(schedules.id, ids), eq(schedules.status, "pending")));
      if (waiting.length === 0) break;
      await Promise.all([sendDueSchedules(first.ctx, new Date(now)), sendDueSchedules(second.ctx, new Date(now))]);
      now += 1000;
    }
    const rows = await first.ctx.db.select({ status: schedules.status }).from(schedules).where(inArray(schedules.id, ids));
    const failures = await first.ctx.db.select({ status: schedules.status, failure: schedules.failure }).from(schedules).where(inArray(schedules.id, ids));
    expect(failures.filter((row) => row.status !== "sent")).toEqual([]);
    expect(rows.map((row) => row.status)).toEqual(ids.map(() => "sent"));
    expect(await sentBodies(ids)).toEqual(ids.map((_, i) => `Reminder ${String(i).padStart(2, "0")}`));
  });

  it("writes the message once when both instances hold the same schedule (a lease that ran out mid-send)", async () => {
    const contact = await createContact(first, admin);
    const created = await postSchedule(first, admin, { contactId: contact.id, body: "Only once" });
    await makeDue(first, created.id);
    const row = (await scheduleRow(first, created.id))!;
    // Every slot granted: the burst above took the connection's pace slots as far ahead as its
    // looks went (further under load), and what this test is about is the write, not the pace.
    const paces = [first.ctx.pace, second.ctx.pace] as const;
    first.ctx.pace = second.ctx.pace = { take: async () => ({ granted: true }) };
    try {
      await Promise.all([sendSchedule(first.ctx, row), sendSchedule(second.ctx, row)]);
    } finally {
      [first.ctx.pace, second.ctx.pace] = paces;
    }
    expect((await scheduleRow(first, created.id))?.failure).toBeNull();
    expect(await scheduleRow(first, created.id)).toMatchObject({ status: "sent" });
    expect(await sentBodies([created.id])).toEqual(["Only once"]);
  });

  it("sends, after a start, a schedule that came due while no instance ran", async () => {
    const contact = await createContact(first, admin);
    const created = await postSchedule(first, admin, { contactId: contact.id, body: "Written before the restart" });
    await makeDue(first, created.id, new Date(Date.now() - 3_600_000));
    // A fresh process on the same database: its job's first look is at start-up.
    const restarted = await createTestServer({}, { database });
    try {
      await restarted.ctx.channels.startAll();
      restarted.jobs.start("schedules");
      await waitFor(async () => (await scheduleRow(restarted, created.id))?.status === "sent", "the schedule sent after the start");
      expect(await sentBodies([created.id])).toEqual(["Written before the restart"]);
    } finally {
      await restarted.close();
    }
  });

  it("sends one coming due while the job runs within about a second of its time", async () => {
    const contact = await createContact(first, admin);
    const created = await postSchedule(first, admin, { contactId: contact.id, body: "On time" });
    const dueAt = new Date(Date.now() + 1500);
    await first.ctx.db.update(schedules).set({ sendAt: dueAt, anchorAt: dueAt }).where(eq(schedules.id, created.id));
    first.jobs.start("schedules");
    await waitFor(async () => (await scheduleRow(first, created.id))?.status === "sent", "the schedule sent", 10_000);
    const sent = (await scheduleRow(first, created.id))!.sentAt!;
    // Lateness: one poll interval at most, plus the send itself.
    expect(sent.getTime() - dueAt.getTime()).toBeLessThan(2000);
    expect(sent.getTime()).toBeGreaterThanOrEqual(dueAt.getTime());
  });
});
