import { slaBreachedEvent, type SlaBreachedEvent } from "@atendo/contracts";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { tickets } from "../db/schema/index.js";
import type { DomainEventMap } from "../events/domain-events.js";
import { createTestServer, type TestServer } from "../test/harness.js";
import { recordEvents, settle, socketPool } from "../test/socket-client.js";
import { openTestDatabase } from "../test/test-database.js";
import { seedTeam, seedTicket, type Team } from "../test/ticket-fixtures.js";
import { announceSlaBreaches } from "./sla-breaches.js";

/**
 * A missed SLA target is announced once (issue 30, docs/decisions/0080): two instances of the
 * app on one database run the breach job at the same moment, and each miss is claimed by one.
 */
let database: Database;
let first: TestServer;
let second: TestServer;
let admin: string;
let team: Team;
let baseUrl = "";
const sockets = socketPool(() => baseUrl);
const heard: DomainEventMap["ticket.slaBreached"][] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  first = await createTestServer({}, { database });
  second = await createTestServer({}, { database });
  for (const server of [first, second]) server.ctx.events.on("ticket.slaBreached", "test-recorder", (payload) => void heard.push(payload));
  admin = await first.adminToken();
  team = await seedTeam(first, admin);
  baseUrl = await first.listen();
});
afterAll(async () => {
  sockets.closeAll();
  await second.close();
  await first.close();
  await database.close();
});

const MINUTE = 60_000;
const past = () => new Date(Date.now() - MINUTE);

describe("the SLA breach job across two instances", () => {
  it("announces each missed target exactly once when both instances run it at once", async () => {
    heard.length = 0;
    const ids: number[] = [];
    for (let i = 0; i < 120; i++) ids.push(await seedTicket(first, { connectionId: team.connection.id, status: i % 2 ? "pending" : "open", userId: i % 2 ? null : team.alice.id, queueId: team.queueA.id }));
    // Every ticket missed its first response; a third missed their resolution as well.
    await first.ctx.db.update(tickets).set({ firstResponseDueAt: past() }).where(inArray(tickets.id, ids));
    await first.ctx.db.update(tickets).set({ resolutionDueAt: past() }).where(inArray(tickets.id, ids.filter((_, i) => i % 3 === 0)));
    // Ones that are not missed: answered in time, closed, or not due yet.
    const answered = await seedTicket(first, { connectionId: team.connection.id, status: "open", userId: team.alice.id, queueId: team.queueA.id });
    const closed = await seedTicket(first, { connectionId: team.connection.id, status: "closed", queueId: team.queueA.id });
    const notYet = await seedTicket(first, { connectionId: team.connection.id, status: "pending", queueId: team.queueA.id });
    await first.ctx.db.update(tickets).set({ firstResponseDueAt: past(), firstResponseAt: new Date(Date.now() - 2 * MINUTE) }).where(eq(tickets.id, answered));
    await first.ctx.db.update(tickets).set({ resolutionDueAt: past() }).where(eq(tickets.id, closed));
    await first.ctx.db.update(tickets).set({ firstResponseDueAt: new Date(Date.now() + 10 * MINUTE) }).where(eq(tickets.id, notYet));

    const counts = await Promise.all([announceSlaBreaches(first.ctx), announceSlaBreaches(second.ctx), announceSlaBreaches(first.ctx), announceSlaBreaches(second.ctx)]);
    const expected = ids.length + ids.filter((_, i) => i % 3 === 0).length;
    expect(counts.reduce((a, b) => a + b, 0)).toBe(expected);
    expect(heard).toHaveLength(expected);
    const keys = heard.map((event) => `${event.ticket.id}:${event.target}`);
    expect(new Set(keys).size).toBe(expected);
    expect(keys.filter((key) => key.startsWith(`${answered}:`) || key.startsWith(`${closed}:`) || key.startsWith(`${notYet}:`))).toEqual([]);
    // The mark is kept: a later run finds nothing.
    expect(await announceSlaBreaches(second.ctx)).toBe(0);
    const [marked] = await first.ctx.db.select({ n: sql<number>`count(*)::int` }).from(tickets).where(sql`${tickets.firstResponseBreachedAt} is not null`);
    expect(marked!.n).toBe(ids.length);
  });

  it("tells the owner, the queue's members and admins, and nobody else (sockets)", async () => {
    heard.length = 0;
    const dave = await first.createUser({ name: "Dave" });
    // Carol owns it without being in its queue; Alice is queue A's member; Bob is in queue B; Dave in none.
    const id = await seedTicket(first, { connectionId: team.connection.id, status: "open", userId: team.carol.id, queueId: team.queueA.id });
    const due = past();
    await first.ctx.db.update(tickets).set({ firstResponseDueAt: due }).where(eq(tickets.id, id));
    const listeners = {
      carol: await sockets.connect(team.carol.token),
      alice: await sockets.connect(team.alice.token),
      bob: await sockets.connect(team.bob.token),
      dave: await sockets.connect(dave.token),
      admin: await sockets.connect(admin),
    };
    const events = Object.fromEntries(Object.entries(listeners).map(([name, socket]) => [name, recordEvents<SlaBreachedEvent>(socket, "slaBreached")]));
    expect(await announceSlaBreaches(first.ctx)).toBe(1);
    await Promise.all(Object.values(listeners).map(settle));
    const payload = { action: "breached", ticketId: id, target: "firstResponse", dueAt: due.toISOString() };
    expect(slaBreachedEvent.parse(payload)).toEqual(payload);
    expect(events).toEqual({ carol: [payload], alice: [payload], bob: [], dave: [], admin: [payload] });
  });

  it("runs as a job every instance starts", () => {
    expect(first.jobs.names()).toContain("sla-breaches");
  });
});
