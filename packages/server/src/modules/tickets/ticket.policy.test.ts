import {
  can,
  followsTicketLive,
  isOwnWork,
  seesTicket,
  ticketPermissions,
  ticketStatuses,
  type Profile,
  type TicketAbilities,
  type TicketFacts,
  type TicketStatus,
  type TicketViewer,
} from "@atendo/contracts";
import { and, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../core/actor.js";
import { bots, connections, contacts, queues, ticketParticipants, tickets, uras, userQueues, users } from "../../db/schema/index.js";
import { profileRooms, rooms, targetRooms } from "../../realtime/realtime.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { queueRoomsOf } from "../queues/queue-rooms.js";
import {
  adoptedQueuesOf,
  assertTicketPermission,
  canSeeTicket,
  listVisibility,
  listVisibilityRows,
  seenFilter,
  writableOpenFilter,
  type TicketScope,
} from "./ticket.policy.js";
import { listTickets, idsOf } from "../../test/ticket-fixtures.js";
import { audienceOf } from "./ticket-events.js";
import { contactTicketsWithParticipants } from "./tickets.repo.js";

/**
 * The ticket rule has one pure form (contracts) and three server forms: SQL for lists and history,
 * checks on one row, and socket rooms for events. On a generated set of tickets — every status,
 * with and without a queue, every owner, seeded random participants — each form must give, for
 * every viewer, exactly what the pure rule says.
 */

let server: TestServer;
/** The viewers, with a session for the HTTP calls. */
const viewers: { actor: Actor; viewer: TicketViewer; token: string }[] = [];
const generated: (TicketScope & { contactId: number; facts: TicketFacts })[] = [];

/** mulberry32: the same participants on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

beforeAll(async () => {
  server = await createTestServer();
  const db = server.ctx.db;
  const [connection] = await db.insert(connections).values({ name: "Policy", kind: "api" }).returning({ id: connections.id });
  const [q1, q2, q3] = await db
    .insert(queues)
    .values([1, 2, 3].map((n) => ({ name: `Policy queue ${n}`, color: `#00000${n}` })))
    .returning({ id: queues.id });
  // q3 has no member: its pending tickets are every admin's work, and otherwise owners' and participants' (0069).
  const people: { name: string; profile: Profile; queueIds: number[]; canSeeAllTicketHistory: boolean }[] = [
    { name: "Admin in q1", profile: "admin", queueIds: [q1!.id], canSeeAllTicketHistory: false },
    { name: "Admin with history", profile: "admin", queueIds: [], canSeeAllTicketHistory: true },
    // Supervisors see and manage every ticket, write only where an attendant would, adopt no queue (decision 0099).
    { name: "Supervisor in q1", profile: "supervisor", queueIds: [q1!.id], canSeeAllTicketHistory: false },
    { name: "Supervisor without queue", profile: "supervisor", queueIds: [], canSeeAllTicketHistory: false },
    { name: "Attendant q1", profile: "user", queueIds: [q1!.id], canSeeAllTicketHistory: false },
    { name: "Attendant q1 q2 with history", profile: "user", queueIds: [q1!.id, q2!.id], canSeeAllTicketHistory: true },
    { name: "Attendant without queue", profile: "user", queueIds: [], canSeeAllTicketHistory: false },
    { name: "Attendant without queue with history", profile: "user", queueIds: [], canSeeAllTicketHistory: true },
    { name: "Attendant q2", profile: "user", queueIds: [q2!.id], canSeeAllTicketHistory: false },
  ];
  for (const person of people) {
    const created = await server.createUser({ name: person.name, profile: person.profile });
    const [row] = await db.update(users).set({ canSeeAllTicketHistory: person.canSeeAllTicketHistory }).where(eq(users.id, created.id)).returning();
    if (person.queueIds.length) await db.insert(userQueues).values(person.queueIds.map((queueId) => ({ userId: created.id, queueId })));
    viewers.push({
      actor: { ...row!, sessionId: "policy-test" },
      viewer: { id: created.id, profile: person.profile, queueIds: person.queueIds, canSeeAllTicketHistory: person.canSeeAllTicketHistory, unstaffedQueueIds: [q3!.id] },
      token: created.token,
    });
  }

  const [menu] = await db.insert(uras).values({ name: "Policy menu", description: "Choose" }).returning({ id: uras.id });
  const [bot] = await db
    .insert(bots)
    .values({ name: "Policy bot", kind: "webhook", url: "http://127.0.0.1:9/bot", secret: "s", timeoutSeconds: 5, keywords: [], destinationType: "queue", destinationId: q1!.id })
    .returning({ id: bots.id });
  const random = seeded(10);
  const userIds = viewers.map((v) => v.viewer.id);
  const shapes = ticketStatuses.flatMap((status) =>
    [null, q1!.id, q2!.id, q3!.id].flatMap((queueId) =>
      [null, ...userIds].map((userId) => ({
        status,
        queueId,
        userId,
        // Never the owner: the server removes a user from the participants when they take the ticket.
        participantIds: userIds.filter((id) => id !== userId && random() < 0.2),
        // Waiting in a menu or a bot's stage (docs/decisions/0036, 0092): only a pending ticket nobody took can be.
        inMenu: status === "pending" && userId === null,
      })),
    ),
  );
  // One contact per ticket: at most one active ticket per contact and connection.
  const contactRows = await db
    .insert(contacts)
    .values(shapes.map((_, n) => ({ name: `Policy contact ${n}`, number: `5599${String(n).padStart(7, "0")}` })))
    .returning({ id: contacts.id });
  const ticketRows = await db
    .insert(tickets)
    .values(
      shapes.map((shape, n) => ({
        contactId: contactRows[n]!.id,
        connectionId: connection!.id,
        status: shape.status,
        queueId: shape.queueId,
        userId: shape.userId,
        // Half of them in a menu, half in a bot's stage: the rule reads both as the automated stage.
        uraId: shape.inMenu && n % 2 === 0 ? menu!.id : null,
        botId: shape.inMenu && n % 2 === 1 ? bot!.id : null,
      })),
    )
    .returning({ id: tickets.id, status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, uraId: tickets.uraId, botId: tickets.botId, contactId: tickets.contactId });
  const participations = ticketRows.flatMap((row, n) => shapes[n]!.participantIds.map((userId) => ({ ticketId: row.id, userId })));
  await db.insert(ticketParticipants).values(participations);
  ticketRows.forEach((row, n) => generated.push({ ...row, contactId: contactRows[n]!.id, facts: shapes[n]! }));
});
afterAll(() => server.close());

const t = alias(tickets, "t");

async function idsWhere(where: SQL | undefined, status?: TicketStatus): Promise<number[]> {
  const rows = await server.ctx.db
    .select({ id: t.id })
    .from(t)
    .where(and(status ? eq(t.status, status) : undefined, where))
    .orderBy(t.id);
  return rows.map((row) => row.id);
}

function expected(rule: (facts: TicketFacts) => boolean, status?: TicketStatus): number[] {
  return generated.filter((ticket) => (status === undefined || ticket.status === status) && rule(ticket.facts)).map((ticket) => ticket.id);
}

const tabs = [undefined, ...ticketStatuses];

describe("ticket policy: the SQL forms agree with the rule", () => {
  it("generated every situation: each viewer owns, takes part in and waits for tickets of each status", () => {
    expect(generated).toHaveLength(ticketStatuses.length * 4 * (viewers.length + 1));
    for (const { viewer } of viewers) {
      for (const status of ticketStatuses) {
        expect(generated.some((g) => g.status === status && g.facts.participantIds.includes(viewer.id))).toBe(true);
        expect(generated.some((g) => g.status === status && g.userId === viewer.id)).toBe(true);
      }
    }
  });

  it("reads the queues nobody belongs to once, as an admin's adopted ones, and none for anyone else", async () => {
    for (const { actor, viewer } of viewers) {
      expect(await adoptedQueuesOf(server.ctx.db, actor), `${viewer.id}`).toEqual(can(viewer.profile, "tickets:adoptUnstaffed") ? viewer.unstaffedQueueIds : []);
    }
  });

  it("lists each viewer's own work in each tab, and everything with an admin's or a supervisor's show-all", async () => {
    for (const { actor, viewer } of viewers) {
      const adopted = await adoptedQueuesOf(server.ctx.db, actor);
      for (const status of tabs) {
        const where = `${viewer.profile} ${viewer.id} ${status ?? "any"}`;
        expect(await idsWhere(listVisibility(actor, status, false, adopted), status), where).toEqual(expected((facts) => isOwnWork(facts, viewer), status));
        const showAll = can(viewer.profile, "tickets-manager:showall") ? expected(() => true, status) : expected((facts) => isOwnWork(facts, viewer), status);
        expect(await idsWhere(listVisibility(actor, status, true, adopted), status), `${where} showAll`).toEqual(showAll);
        expect(await idsWhere(listVisibilityRows(actor, status, false, adopted), status), `${where} rows`).toEqual(expected((facts) => isOwnWork(facts, viewer), status));
        expect(await idsWhere(listVisibilityRows(actor, status, true, adopted), status), `${where} rows showAll`).toEqual(showAll);
      }
    }
  });

  it("GET /api/tickets answers the same, page after page", async () => {
    for (const { viewer, token } of viewers) {
      for (const status of tabs) {
        const ids: number[] = [];
        for (let pageNumber = 1; ; pageNumber++) {
          const page = await listTickets(server, token, { ...(status ? { status } : {}), pageNumber });
          ids.push(...idsOf(page));
          if (!page.hasMore) break;
        }
        expect(ids.sort((a, b) => a - b), `${viewer.id} ${status ?? "any"}`).toEqual(expected((facts) => isOwnWork(facts, viewer), status));
      }
    }
  });

  it("reads history (seenFilter) exactly as far as each viewer sees", async () => {
    for (const { actor, viewer } of viewers) {
      expect(await idsWhere(seenFilter(actor)), `${viewer.id}`).toEqual(expected((facts) => seesTicket(facts, viewer)));
    }
  });

  it("offers as forward targets exactly the open tickets each viewer may write in", async () => {
    for (const { actor, viewer } of viewers) {
      const rows = await server.ctx.db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.status, "open"), writableOpenFilter(actor)))
        .orderBy(tickets.id);
      expect(
        rows.map((row) => row.id),
        `${viewer.id}`,
      ).toEqual(expected((facts) => ticketPermissions(facts, viewer).write, "open"));
    }
  });
});

describe("ticket policy: the checks on one row agree with the rule", () => {
  it("decides seeing and every permission as the rule does, reading participation and queues from the database", async () => {
    const abilities = Object.keys(ticketPermissions(generated[0]!.facts, viewers[0]!.viewer)) as (keyof TicketAbilities)[];
    for (const { actor, viewer } of viewers) {
      for (const ticket of generated) {
        const where = `${viewer.id} on ${JSON.stringify(ticket.facts)}`;
        expect(await canSeeTicket(server.ctx.db, actor, ticket), `sees ${where}`).toBe(seesTicket(ticket.facts, viewer));
        const may = ticketPermissions(ticket.facts, viewer);
        for (const ability of abilities) {
          const allowed = await assertTicketPermission(server.ctx.db, actor, ticket, ability).then(
            () => true,
            () => false,
          );
          expect(allowed, `${ability} ${where}`).toBe(may[ability]);
        }
      }
    }
  });
});

describe("ticket policy: the socket rooms agree with the rule", () => {
  it("sends a ticket's events to the rooms of exactly those who follow it live", async () => {
    // The rooms a socket joins on connection (realtime.ts admit): signed in, its user, its profile's (admins, supervision), its queues.
    const joined = new Map<number, string[]>();
    for (const { viewer } of viewers) {
      const own = [rooms.signedIn, rooms.user(viewer.id), ...profileRooms(viewer.profile)];
      joined.set(viewer.id, [...own, ...(await queueRoomsOf(server.ctx.db, viewer.id))]);
    }
    for (const ticket of generated) {
      const [visibility] = await contactTicketsWithParticipants(server.ctx.db, ticket.contactId);
      expect(visibility?.id).toBe(ticket.id);
      const target = targetRooms(audienceOf(visibility!));
      for (const { viewer } of viewers) {
        const hears = joined.get(viewer.id)!.some((room) => target.includes(room));
        expect(hears, `${viewer.id} on ${JSON.stringify(ticket.facts)}`).toBe(followsTicketLive(ticket.facts, viewer));
      }
    }
  });
});
