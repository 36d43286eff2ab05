import { addDays, dayOf, momentOfLocal, monitorSnapshot, type MonitorSnapshot, type TicketStatus } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queues, contacts, tickets, users } from "../../db/schema/index.js";
import { createConnection, uniqueNumber } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectRefused } from "../../test/route-guards.js";
import { createUra, to } from "../../test/routing-fixtures.js";

// GET /api/monitor (issue 30). The presence, capacity, assignment and SLA columns are written by
// other parts of issue 30; here they are set straight in the database, as those parts would.
// The install's clock is far from UTC (UTC+14), so "today" is not the UTC day most of the time.
const timeZone = "Pacific/Kiritimati";
let server: TestServer;
let admin: string;
let attendant: Awaited<ReturnType<TestServer["createUser"]>>;
let connectionId: number;

beforeAll(async () => {
  server = await createTestServer({ TIME_ZONE: timeZone });
  admin = await server.adminToken();
  attendant = await server.createUser({ name: "Attendant" });
  const queue = await createQueue(server, admin, { name: "Landing" });
  connectionId = (await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id })).id;
});
afterAll(() => server.close());

interface Seed {
  status: TicketStatus;
  queueId?: number | null;
  userId?: number | null;
  uraId?: number | null;
  createdAt: Date;
  closedAt?: Date;
  firstResponseAt?: Date;
  firstResponseDueAt?: Date;
  resolutionDueAt?: Date;
}

/** A ticket written straight to the database, as the lifecycle and the SLA part leave it. */
async function seed(input: Seed): Promise<number> {
  const db = server.ctx.db;
  const [contact] = await db.insert(contacts).values({ name: "Monitored", number: uniqueNumber() }).returning({ id: contacts.id });
  const [row] = await db
    .insert(tickets)
    .values({
      contactId: contact!.id,
      connectionId,
      status: input.status,
      queueId: input.queueId ?? null,
      userId: input.userId ?? null,
      uraId: input.uraId ?? null,
      createdAt: input.createdAt,
      updatedAt: input.closedAt ?? input.createdAt,
      closedAt: input.closedAt ?? null,
      firstResponseAt: input.firstResponseAt ?? null,
      firstResponseDueAt: input.firstResponseDueAt ?? null,
      resolutionDueAt: input.resolutionDueAt ?? null,
    })
    .returning({ id: tickets.id });
  return row!.id;
}

async function monitor(): Promise<MonitorSnapshot> {
  const response = await server.request({ method: "GET", url: "/api/monitor", token: admin });
  expect(response.statusCode, response.body).toBe(200);
  // What the server answers is the contract's shape.
  return monitorSnapshot.parse(response.json());
}

const minutes = (n: number) => n * 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const later = (ms: number) => new Date(Date.now() + ms);
const queueLine = (snapshot: MonitorSnapshot, id: number | null) => snapshot.queues.find((line) => line.id === id);
const attendantLine = (snapshot: MonitorSnapshot, id: number) => snapshot.attendants.find((line) => line.id === id);

describe("GET /api/monitor: who may read it", () => {
  it("refuses anonymous callers (401) and attendants (403); admins read it", async () => {
    await expectRefused(server, [{ method: "GET", url: "/api/monitor" }], anonymous, 401, "ERR_SESSION_EXPIRED");
    await expectRefused(server, [{ method: "GET", url: "/api/monitor" }], attendant.token, 403, "ERR_NO_PERMISSION");
    const snapshot = await monitor();
    expect(snapshot.timeZone).toBe(timeZone);
    expect(snapshot.today).toBe(dayOf(new Date(snapshot.at), timeZone));
  });
});

describe("GET /api/monitor: a queue's waiting tickets", () => {
  it("counts the pending tickets not in a menu, the oldest one's age as the longest wait, and the assignment mode", async () => {
    const queue = await createQueue(server, admin, { name: "Waiting room" });
    await server.ctx.db.update(queues).set({ assignment: "leastBusy" }).where(eq(queues.id, queue.id));
    const menu = await createUra(server, admin, to("queue", queue.id));
    const oldest = ago(minutes(10));
    await seed({ status: "pending", queueId: queue.id, createdAt: oldest });
    await seed({ status: "pending", queueId: queue.id, createdAt: ago(minutes(3)) });
    // Not waiting: in a menu (older), taken, closed, or in another queue.
    await seed({ status: "pending", queueId: queue.id, uraId: menu.id, createdAt: ago(minutes(30)) });
    await seed({ status: "open", queueId: queue.id, userId: attendant.id, createdAt: ago(minutes(60)) });
    await seed({ status: "closed", queueId: queue.id, createdAt: ago(minutes(90)), closedAt: ago(minutes(80)) });

    const snapshot = await monitor();
    const at = Date.parse(snapshot.at);
    expect(queueLine(snapshot, queue.id)).toEqual({
      id: queue.id,
      name: "Waiting room",
      color: queue.color,
      assignment: "leastBusy",
      waiting: 2,
      oldestWaitingSince: oldest.toISOString(),
      longestWaitSeconds: Math.floor((at - oldest.getTime()) / 1000),
      atRisk: 0,
      breached: 0,
    });
    // A queue where nobody waits has its line too, with nothing to report.
    const empty = await createQueue(server, admin, { name: "Quiet" });
    expect(queueLine(await monitor(), empty.id)).toMatchObject({ waiting: 0, oldestWaitingSince: null, longestWaitSeconds: null, assignment: "manual" });
  });
});

describe("GET /api/monitor: SLA targets", () => {
  it("counts each active ticket once by its worse unmet target, and says when the next one turns", async () => {
    const queue = await createQueue(server, admin, { name: "Targets" });
    // First response within 10 minutes (at risk from its last 2), resolution within 60 (its last 12).
    await server.ctx.db.update(queues).set({ slaFirstResponseMinutes: 10, slaResolutionMinutes: 60 }).where(eq(queues.id, queue.id));
    const created = ago(minutes(20));
    const pending = (fields: Partial<Seed>) => seed({ status: "pending", queueId: queue.id, createdAt: created, ...fields });
    const open = (fields: Partial<Seed>) => seed({ status: "open", queueId: queue.id, userId: attendant.id, createdAt: created, firstResponseAt: ago(minutes(15)), ...fields });
    const turnsAtRisk = later(minutes(5 - 2));
    await pending({ firstResponseDueAt: later(minutes(5)) }); // ok until 3 minutes from now
    const soonDue = later(minutes(1));
    await pending({ firstResponseDueAt: soonDue }); // at risk
    await pending({ firstResponseDueAt: ago(minutes(1)) }); // breached
    await open({ firstResponseDueAt: ago(minutes(5)) }); // answered: its first-response target is met
    await open({ resolutionDueAt: later(minutes(5)) }); // resolution at risk (from 7 minutes ago)
    await open({ resolutionDueAt: later(minutes(30)) }); // resolution ok
    // Both targets unmet, one breached and one at risk: counted once, as breached.
    await pending({ firstResponseDueAt: ago(minutes(2)), resolutionDueAt: later(minutes(5)) });
    // A closed ticket's targets no longer count.
    await seed({ status: "closed", queueId: queue.id, createdAt: created, closedAt: ago(minutes(1)), firstResponseDueAt: ago(minutes(10)), resolutionDueAt: ago(minutes(5)) });

    const snapshot = await monitor();
    expect(queueLine(snapshot, queue.id)).toMatchObject({ waiting: 4, atRisk: 2, breached: 2 });
    // The at-risk first response falls due before the ok one turns at risk: nothing else changes sooner.
    expect(soonDue.getTime()).toBeLessThan(turnsAtRisk.getTime());
    expect(snapshot.nextChangeAt).toBe(soonDue.toISOString());
  });
});

describe("GET /api/monitor: each user's load and first answers", () => {
  it("shows presence, open tickets against capacity, and the median of created → first answer over tickets answered today", async () => {
    const alice = await server.createUser({ name: "Alice Monitored" });
    const bob = await server.createUser({ name: "Bob Monitored" });
    const carol = await server.createUser({ name: "Carol Monitored" });
    await server.ctx.db.update(users).set({ presence: "online", maxOpenTickets: 5 }).where(eq(users.id, alice.id));
    await server.ctx.db.update(users).set({ presence: "away" }).where(eq(users.id, bob.id));

    const now = new Date();
    const today = dayOf(now, timeZone);
    const dayStart = momentOfLocal(today, timeZone)!;
    // Answered today (on the install's clock), whatever the hour: halfway between midnight and now.
    const answered = new Date((dayStart.getTime() + now.getTime()) / 2);
    const answeredAfter = (seconds: number) => ({ createdAt: new Date(answered.getTime() - seconds * 1000), firstResponseAt: answered });
    const closedSince = new Date((answered.getTime() + now.getTime()) / 2);
    // Alice: three open tickets, answered after 60 s, 120 s, and one closed today answered after 300 s.
    await seed({ status: "open", userId: alice.id, ...answeredAfter(60) });
    await seed({ status: "open", userId: alice.id, ...answeredAfter(120) });
    await seed({ status: "open", userId: alice.id, createdAt: ago(minutes(5)) });
    await seed({ status: "closed", userId: alice.id, ...answeredAfter(300), closedAt: closedSince });
    // Not today's: answered a minute before the day began (still open, and closed today).
    const yesterday = new Date(dayStart.getTime() - minutes(1));
    await seed({ status: "open", userId: alice.id, createdAt: new Date(yesterday.getTime() - 5000), firstResponseAt: yesterday });
    await seed({ status: "closed", userId: alice.id, createdAt: new Date(yesterday.getTime() - 5000), firstResponseAt: yesterday, closedAt: closedSince });
    // Bob: two tickets answered today (100 s, 200 s), both closed; none open.
    await seed({ status: "closed", userId: bob.id, ...answeredAfter(100), closedAt: closedSince });
    await seed({ status: "closed", userId: bob.id, ...answeredAfter(200), closedAt: closedSince });
    // Answered today, then sent back to waiting: nobody's, so nobody's figure.
    await seed({ status: "pending", ...answeredAfter(10) });

    const snapshot = await monitor();
    expect(snapshot.today).toBe(today);
    expect(attendantLine(snapshot, alice.id)).toEqual({
      id: alice.id,
      name: "Alice Monitored",
      profile: "user",
      presence: "online",
      openTickets: 4,
      maxOpenTickets: 5,
      firstResponsesToday: 3,
      firstResponseMedianSeconds: 120,
    });
    expect(attendantLine(snapshot, bob.id)).toMatchObject({ presence: "away", openTickets: 0, maxOpenTickets: null, firstResponsesToday: 2, firstResponseMedianSeconds: 150 });
    // A user with no answer today has no median; deleted users have no line.
    expect(attendantLine(snapshot, carol.id)).toMatchObject({ openTickets: 0, firstResponsesToday: 0, firstResponseMedianSeconds: null, presence: "offline" });
    await server.ctx.db.update(users).set({ isDeleted: true }).where(eq(users.id, bob.id));
    expect(attendantLine(await monitor(), bob.id)).toBeUndefined();
    // The day's end is the latest the figures are read again.
    expect(Date.parse(snapshot.nextChangeAt)).toBeLessThanOrEqual(momentOfLocal(addDays(today, 1), timeZone)!.getTime());
  });
});

describe("GET /api/monitor: tickets in no queue", () => {
  it("has a line for them only while one waits or is near or past a target", async () => {
    const before = await monitor();
    const waitingBefore = queueLine(before, null)?.waiting ?? 0;
    const created = ago(minutes(7));
    await seed({ status: "pending", createdAt: created });
    const line = queueLine(await monitor(), null);
    expect(line).toMatchObject({ id: null, name: "", color: null, assignment: null, waiting: waitingBefore + 1 });
    // The queues' lines come first, the one of no queue last.
    expect((await monitor()).queues.at(-1)?.id).toBeNull();
  });

  it("has none when nothing is waiting outside the queues", async () => {
    await server.ctx.db.update(tickets).set({ status: "closed", closedAt: new Date() }).where(eq(tickets.status, "pending"));
    expect(queueLine(await monitor(), null)).toBeUndefined();
  });
});
