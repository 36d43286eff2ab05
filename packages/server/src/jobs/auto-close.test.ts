import type { Connection, TicketEvent } from "@atendo/contracts";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { contacts, ticketParticipants, tickets } from "../db/schema/index.js";
import { createConnection, inbound, uniqueNumber } from "../test/channel-fixtures.js";
import { createQueue } from "../test/fixtures.js";
import { createTestServer } from "../test/harness.js";
import { useLiveServer } from "../test/live-server.js";
import { recordEvents, settle } from "../test/socket-client.js";
import { waitFor } from "../test/wait-for.js";
import { closeIdleTickets } from "./auto-close.js";

const HOUR = 3_600_000;
/**
 * Each test runs the job at its own "now", further in the past than the previous test's: the
 * tickets earlier tests left open were updated later than that, so they are never idle for it.
 */
const start = Date.now();
const clock = (test: number) => new Date(start - test * 1000 * HOUR);
const live = useLiveServer();
type User = { id: number; token: string };
let owner: User;
let participant: User;
let member: User;
let direct: Connection;
let queued: Connection;

beforeAll(async () => {
  owner = await live.server.createUser({ name: "Owner" });
  participant = await live.server.createUser({ name: "Participant" });
  member = await live.server.createUser({ name: "Member" });
  direct = await createConnection(live.server, live.admin, { destinationType: "users", destinationItem: owner.id });
  const queue = await createQueue(live.server, live.admin, { userIds: [member.id] });
  queued = await createConnection(live.server, live.admin, { destinationType: "queue", destinationItem: queue.id });
});

/** A ticket from the connection whose last update was `hoursAgo` before `now`. */
async function ticketIdle(connection: Connection, hoursAgo: number, now: Date, status?: "closed"): Promise<number> {
  const { ticketId } = await inbound(live.server, connection);
  await live.server.ctx.db
    .update(tickets)
    .set({ updatedAt: new Date(now.getTime() - hoursAgo * HOUR), ...(status ? { status } : {}) })
    .where(eq(tickets.id, ticketId));
  return ticketId;
}

async function rowsOf(ids: number[]) {
  const rows = await live.server.ctx.db.select().from(tickets).where(inArray(tickets.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

describe("auto-close", () => {
  it("closes open tickets idle longer than the hours, keeping owner and unread, and leaves the others", async () => {
    const now = clock(1);
    const idle = await ticketIdle(direct, 3, now);
    const recent = await ticketIdle(direct, 1, now);
    const waiting = await ticketIdle(queued, 30, now);
    const closedBefore = await ticketIdle(direct, 30, now, "closed");
    const before = await rowsOf([idle]);

    expect(await closeIdleTickets(live.server.ctx, 2, now)).toBe(1);
    const after = await rowsOf([idle, recent, waiting, closedBefore]);
    expect(after.get(idle)).toMatchObject({
      status: "closed",
      closedAt: now,
      updatedAt: now,
      userId: owner.id,
      unreadMessages: before.get(idle)?.unreadMessages,
    });
    expect(before.get(idle)?.unreadMessages).toBe(1);
    expect([after.get(recent)?.status, after.get(waiting)?.status, after.get(closedBefore)?.closedAt]).toEqual(["open", "pending", null]);
    expect(await closeIdleTickets(live.server.ctx, 2, now)).toBe(0);
  });

  it("is off at 0 hours", async () => {
    const now = clock(2);
    const idle = await ticketIdle(direct, 5, now);
    expect(await closeIdleTickets(live.server.ctx, 0, now)).toBe(0);
    expect((await rowsOf([idle])).get(idle)?.status).toBe("open");
    // The server's own schedule has no auto-close job either (TICKETS_AUTO_CLOSE_HOURS unset here).
    expect(live.server.jobs.names()).not.toContain("auto-close");
  });

  it("announces each closed ticket once (action closed) to its owner, participants and admins, not to others", async () => {
    const now = clock(3);
    const idle = await ticketIdle(direct, 5, now);
    await live.server.ctx.db.insert(ticketParticipants).values({ ticketId: idle, userId: participant.id });
    const sockets = await Promise.all([owner.token, participant.token, live.admin, member.token].map((token) => live.sockets.connect(token)));
    const heard = sockets.map((socket) => recordEvents<TicketEvent>(socket, "ticket"));

    // Two instances running at the same moment close it once between them.
    const counts = await Promise.all([closeIdleTickets(live.server.ctx, 4, now), closeIdleTickets(live.server.ctx, 4, now)]);
    expect(counts.reduce((a, b) => a + b)).toBe(1);
    for (const socket of sockets) await settle(socket);
    const [ownerHeard, participantHeard, adminHeard, memberHeard] = heard;
    for (const events of [ownerHeard, participantHeard, adminHeard]) {
      expect(events).toEqual([{ action: "closed", ticket: expect.objectContaining({ id: idle, status: "closed", userId: owner.id }) }]);
    }
    expect(memberHeard).toEqual([]);
  });

  it("works through a backlog larger than one statement's batch", async () => {
    const now = clock(4);
    const old = new Date(now.getTime() - 10 * HOUR);
    const made = await live.server.ctx.db
      .insert(contacts)
      .values(Array.from({ length: 450 }, (_, i) => ({ name: `Backlog ${i}`, number: uniqueNumber() })))
      .returning({ id: contacts.id });
    const ids = (
      await live.server.ctx.db
        .insert(tickets)
        .values(made.map((c) => ({ contactId: c.id, connectionId: direct.id, status: "open" as const, userId: owner.id, updatedAt: old })))
        .returning({ id: tickets.id })
    ).map((row) => row.id);

    expect(await closeIdleTickets(live.server.ctx, 1, now)).toBe(450);
    expect([...(await rowsOf(ids)).values()].every((row) => row.status === "closed")).toBe(true);
  });
});

describe("TICKETS_AUTO_CLOSE_HOURS", () => {
  it("is read from the environment: empty or 0 is off, decimals allowed, negatives refused", () => {
    expect(loadConfig({}).TICKETS_AUTO_CLOSE_HOURS).toBe(0);
    expect(loadConfig({ TICKETS_AUTO_CLOSE_HOURS: "" }).TICKETS_AUTO_CLOSE_HOURS).toBe(0);
    expect(loadConfig({ TICKETS_AUTO_CLOSE_HOURS: "1.5" }).TICKETS_AUTO_CLOSE_HOURS).toBe(1.5);
    expect(() => loadConfig({ TICKETS_AUTO_CLOSE_HOURS: "-1" })).toThrow(/TICKETS_AUTO_CLOSE_HOURS/);
    expect(() => loadConfig({ TICKETS_AUTO_CLOSE_HOURS: "soon" })).toThrow(/TICKETS_AUTO_CLOSE_HOURS/);
  });

  it("makes the server close idle tickets on its schedule until stopped", async () => {
    const server = await createTestServer({ TICKETS_AUTO_CLOSE_HOURS: "2" }, { jobs: { autoCloseMs: 10 } });
    try {
      const admin = await server.adminToken();
      const user = await server.createUser();
      const connection = await createConnection(server, admin, { destinationType: "users", destinationItem: user.id });
      const { ticketId } = await inbound(server, connection);
      await server.ctx.db
        .update(tickets)
        .set({ updatedAt: new Date(Date.now() - 3 * HOUR) })
        .where(eq(tickets.id, ticketId));
      server.jobs.start("auto-close");
      const status = async () => (await server.ctx.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, ticketId)))[0]?.status;
      await waitFor(async () => (await status()) === "closed", "the idle ticket to be closed");
      await server.jobs.stop();
    } finally {
      await server.close();
    }
  });
});
