import { defaultConnectionPaces, limits, type Connection, type ConnectionPace } from "@atendo/contracts";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaceSlot } from "../../context-types.js";
import type { Database } from "../../db/client.js";
import { connectionPace, messages } from "../../db/schema/index.js";
import { runRecovery } from "../../jobs/recovery.js";
import { uniqueNumber } from "../../test/channel-fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectRefused } from "../../test/route-guards.js";
import { apiTokenOf, connectedConnection, sendApi } from "../../test/send-api-fixtures.js";
import { openTestDatabase } from "../../test/test-database.js";
import { sendOutgoing } from "../messages/delivery/outgoing.service.js";
import { DatabasePace } from "./outbound-pace.js";
import { JITTER } from "./pace-sql.js";

/**
 * The outbound pace (issue 31, docs/decisions/0083) against a real database: the order and
 * priorities of slots, the jitter's mean, the daily cap and its warm-up day by day, dispatch
 * holding a reply back for the recovery sweep, and two instances sharing one limit. The servers
 * draw a fixed jitter (each gap exactly one interval) unless a test makes its own pace.
 */
let database: Database;
let first: TestServer;
let second: TestServer;
let admin: string;
let ownerId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  first = await createTestServer({}, { database, paceRandom: () => 0.5 });
  second = await createTestServer({}, { database, paceRandom: () => 0.5 });
  admin = await first.adminToken();
  ownerId = (await first.createUser()).id;
});
afterAll(async () => {
  await second.close();
  await first.close();
  await database.close();
});

async function paced(pace?: Partial<ConnectionPace>, kind: "api" | "whatsapp" = "api"): Promise<Connection> {
  const payload = { name: `Paced ${uniqueNumber()}`, kind, destinationType: "users", destinationItem: ownerId, ...(pace ? { pace: { perMinute: 60, dailyCap: 0, warmUp: 0, ...pace } } : {}) };
  const response = await first.request({ method: "POST", url: "/api/whatsapp", token: admin, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Connection;
}

const T0 = new Date("2026-11-28T12:00:00.000Z");
const at = (ms: number, from: Date = T0) => new Date(from.getTime() + ms);
const refused = (slot: PaceSlot) => (slot.granted ? null : slot);

/** A pseudo-random sequence (mulberry32): the same draws every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("slots at a connection's pace", () => {
  it("grants one slot per interval to bulk, in order, and tells when the next is due", async () => {
    const { id } = await paced({ perMinute: 60 });
    const pace = first.ctx.pace;
    expect(await pace.take(id, "bulk", T0)).toEqual({ granted: true });
    expect(refused(await pace.take(id, "bulk", at(10)))).toEqual({ granted: false, retryAt: at(1000), reason: "rate" });
    expect(await pace.take(id, "bulk", at(999))).toMatchObject({ granted: false });
    expect(await pace.take(id, "bulk", at(1000))).toEqual({ granted: true });
    expect(refused(await pace.take(id, "bulk", at(1500)))).toMatchObject({ retryAt: at(2000) });
  });

  it("grants several slots in one decision, as many as asking one after another would, and goes on from them", async () => {
    const [one, many, bulk] = [await paced({ perMinute: 60 }), await paced({ perMinute: 60 }), await paced({ perMinute: 60 })];
    const pace = first.ctx.pace;
    const oneByOne: PaceSlot[] = [];
    for (let i = 0; i < 14; i++) oneByOne.push(await pace.take(one.id, "reply", T0));
    const granted = oneByOne.filter((slot) => slot.granted).length;
    expect(granted).toBeGreaterThan(1);
    expect(granted).toBeLessThan(14);
    expect(await pace.takeSlots!(many.id, "reply", 14, T0)).toBe(granted);
    // The next slot is due when it would have been after the same slots taken one by one.
    expect(await pace.take(many.id, "reply", at(500))).toEqual(await pace.take(one.id, "reply", at(500)));
    // Bulk has no tolerance: one slot now, none before the next is due, then one again.
    expect(await pace.takeSlots!(bulk.id, "bulk", 3, T0)).toBe(1);
    expect(await pace.takeSlots!(bulk.id, "bulk", 3, at(500))).toBe(0);
    expect(await pace.takeSlots!(bulk.id, "bulk", 3, at(1000))).toBe(1);
  });

  it("lets a person's reply go before queued bulk, which yields the slot; a schedule goes before bulk", async () => {
    const { id } = await paced({ perMinute: 60 });
    const pace = first.ctx.pace;
    expect(await pace.take(id, "bulk", T0)).toEqual({ granted: true });
    // Bulk waits for the next slot (1 s); a reply goes at once, and bulk's next slot moves on.
    expect(refused(await pace.take(id, "bulk", at(100)))).toMatchObject({ retryAt: at(1000) });
    expect(await pace.take(id, "reply", at(100))).toEqual({ granted: true });
    expect(refused(await pace.take(id, "bulk", at(200)))).toMatchObject({ retryAt: at(2000) });
    // A schedule may take the slot one interval ahead: it gets the one bulk was waiting for.
    expect(await pace.take(id, "scheduled", at(1000))).toEqual({ granted: true });
    expect(refused(await pace.take(id, "bulk", at(2000)))).toMatchObject({ retryAt: at(3000) });
    // Replies have a burst of ten intervals ahead of the schedule, then they wait too.
    const replies = [];
    for (let i = 0; i < 12; i++) replies.push(await pace.take(id, "reply", at(2000)));
    expect(replies.filter((slot) => slot.granted)).toHaveLength(10);
    expect(refused(replies.at(-1)!)).toMatchObject({ reason: "rate", retryAt: at(3000) });
  });

  it("jitters each gap and keeps the configured average, also for a sender a little late", async () => {
    const { id } = await paced({ perMinute: 6000 });
    const pace = new DatabasePace(first.ctx.db, "UTC", seeded(31), database.pool);
    const interval = 10;
    let now = T0;
    const grants: number[] = [];
    while (grants.length < 200) {
      const slot = await pace.take(id, "bulk", now);
      if (slot.granted) grants.push(now.getTime());
      // The sender comes back 3 ms after the slot it was told (timers and statements are late).
      now = slot.granted ? at(1, now) : at(3, slot.retryAt);
    }
    const gaps = grants.slice(1).map((time, i) => time - grants[i]!);
    const mean = (grants.at(-1)! - grants[0]!) / gaps.length;
    expect(Math.abs(mean - interval) / interval).toBeLessThan(0.05);
    expect(Math.min(...gaps)).toBeLessThan(interval * (1 - JITTER / 2));
    expect(Math.max(...gaps)).toBeGreaterThan(interval * (1 + JITTER / 2));
  });
});

describe("the daily cap and its warm-up", () => {
  /** How many bulk slots each day grants, `days` days in a row (the sender asks as soon as allowed). */
  async function perDay(pace: DatabasePace, id: number, start: Date, days: number): Promise<{ granted: number[]; retries: Date[] }> {
    const granted: number[] = [];
    const retries: Date[] = [];
    for (let day = 0; day < days; day++) {
      let now = at(day * 86_400_000, start);
      let count = 0;
      for (;;) {
        const slot = await pace.take(id, "bulk", now);
        if (slot.granted) {
          count++;
          now = at(1, now);
          continue;
        }
        if (slot.reason === "dailyCap") {
          retries.push(slot.retryAt);
          break;
        }
        now = slot.retryAt;
      }
      granted.push(count);
    }
    return { granted, retries };
  }

  it("grows from a fraction of the cap to the whole cap over the warm-up days, counted in the install's time zone", async () => {
    const { id } = await paced({ perMinute: 60_000, dailyCap: 10, warmUp: 4 });
    const pace = new DatabasePace(first.ctx.db, "America/Sao_Paulo", () => 0.5, database.pool);
    // 10:00 in São Paulo (UTC−3): the cap is reached that day, and the next slot is at local midnight.
    const { granted, retries } = await perDay(pace, id, new Date("2026-11-28T13:00:00.000Z"), 6);
    expect(granted).toEqual([3, 5, 8, 10, 10, 10]);
    expect(retries[0]).toEqual(new Date("2026-11-29T03:00:00.000Z"));
    expect(retries[5]).toEqual(new Date("2026-12-04T03:00:00.000Z"));
  });

  it("never holds nor counts a person's reply; a cap of 0 is none; no warm-up gives the whole cap on day one", async () => {
    const capped = await paced({ perMinute: 60_000, dailyCap: 2, warmUp: 0 });
    const pace = new DatabasePace(first.ctx.db, "UTC", () => 0.5, database.pool);
    expect((await perDay(pace, capped.id, T0, 1)).granted).toEqual([2]);
    expect(await pace.take(capped.id, "scheduled", at(10_000))).toMatchObject({ granted: false, reason: "dailyCap", retryAt: new Date("2026-11-29T00:00:00.000Z") });
    expect(await pace.take(capped.id, "reply", at(10_000))).toEqual({ granted: true });
    const [row] = await first.ctx.db.select().from(connectionPace).where(eq(connectionPace.connectionId, capped.id));
    expect(row).toMatchObject({ outreach: 2, day: "2026-11-28", startedOn: "2026-11-28" });

    const uncapped = await paced({ perMinute: 60_000, dailyCap: 0, warmUp: 5 });
    let now = T0;
    for (let i = 0; i < 100; i++) {
      const slot = await pace.take(uncapped.id, "bulk", now);
      expect(slot).toMatchObject({ granted: true });
      now = at(1, now);
    }
  });
});

describe("dispatch through the pace", () => {
  it("holds a reply the pace refuses for the recovery sweep, which sends it at its slot; a paced sender's message goes at once", async () => {
    const apiToken = await apiTokenOf(first, admin);
    const connection = await connectedConnection(first, admin, { name: `Held ${uniqueNumber()}`, destinationType: "users", destinationItem: ownerId, pace: { perMinute: 1, dailyCap: 0, warmUp: 0 } });
    const now = new Date();
    // Eleven replies fill the burst (ten minutes ahead at one a minute).
    for (let i = 0; i < 11; i++) expect(await first.ctx.pace.take(connection.id, "reply", now)).toEqual({ granted: true });
    const response = await sendApi(first, apiToken, { number: uniqueNumber(), body: "Held back", whatsappId: connection.id });
    expect(response.statusCode, response.body).toBe(201);
    const [held] = await first.ctx.db.select().from(messages).where(eq(messages.connectionId, connection.id)).orderBy(desc(messages.id)).limit(1);
    expect(held).toMatchObject({ body: "Held back", ack: 0, failed: false });
    // Due when the slot is: a minute on, give or take the request's time.
    expect(held!.dispatchAt!.getTime()).toBeGreaterThan(now.getTime() + 55_000);
    expect(held!.dispatchAt!.getTime()).toBeLessThan(now.getTime() + 65_000);

    // The sweep before then does not find it; at its time it takes the slot and sends it.
    await runRecovery(first.ctx, new Date(held!.dispatchAt!.getTime() - 1000));
    expect((await first.ctx.db.select({ ack: messages.ack }).from(messages).where(eq(messages.id, held!.id)))[0]!.ack).toBe(0);
    await runRecovery(first.ctx, held!.dispatchAt!);
    const [sent] = await first.ctx.db.select().from(messages).where(eq(messages.id, held!.id));
    expect(sent).toMatchObject({ ack: 1, dispatchAt: null });

    // A campaign that took its slot writes `paced`: dispatch takes no other, though none is left.
    expect(await first.ctx.pace.take(connection.id, "reply", new Date())).toMatchObject({ granted: false });
    const ticket = { id: held!.ticketId, connectionId: connection.id };
    const out = await sendOutgoing(first.ctx, ticket, [{ body: "Paced by its sender", mediaType: "chat" }], { userId: null, lastMessage: false, paced: true });
    expect(out.failure).toBeNull();
    expect(out.messages[0]).toMatchObject({ body: "Paced by its sender", ack: 1 });
  });
});

describe("one limit across instances", () => {
  it("grants exactly the slots the pace allows when two instances ask at the same moment", async () => {
    const { id } = await paced({ perMinute: 60 });
    const bulk = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? first : second).ctx.pace.take(id, "bulk", T0)));
    expect(bulk.filter((slot) => slot.granted)).toHaveLength(1);
    // Replies may run ten intervals ahead: ten more, whichever instance asks.
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? first : second).ctx.pace.take(id, "reply", T0)));
    expect(replies.filter((slot) => slot.granted)).toHaveLength(10);
    const [row] = await first.ctx.db.select().from(connectionPace).where(eq(connectionPace.connectionId, id));
    expect(row!.tat).toEqual(at(11_000));
  });
});

describe("pace on the connection routes", () => {
  it("answers each kind's default, keeps what the admin sets, and goes back to the default on null", async () => {
    expect((await paced(undefined, "api")).pace).toEqual(defaultConnectionPaces.api);
    const set = await paced({ perMinute: 30, dailyCap: 200, warmUp: 7 });
    expect(set.pace).toEqual({ perMinute: 30, dailyCap: 200, warmUp: 7 });
    const put = await first.request({ method: "PUT", url: `/api/whatsapp/${set.id}`, token: admin, payload: { pace: { perMinute: 12, dailyCap: 0, warmUp: 0 } } });
    expect(put.json()).toMatchObject({ pace: { perMinute: 12, dailyCap: 0, warmUp: 0 } });
    const untouched = await first.request({ method: "PUT", url: `/api/whatsapp/${set.id}`, token: admin, payload: { name: "Renamed" } });
    expect(untouched.json()).toMatchObject({ pace: { perMinute: 12 } });
    const reset = await first.request({ method: "PUT", url: `/api/whatsapp/${set.id}`, token: admin, payload: { pace: null } });
    expect(reset.json().pace).toEqual(defaultConnectionPaces.api);
    const read = await first.request({ method: "GET", url: `/api/whatsapp/${set.id}`, token: admin });
    expect(read.json().pace).toEqual(defaultConnectionPaces.api);
  });

  it("refuses values out of their limits with ERR_INVALID_PACE, and a partial pace", async () => {
    const connection = await paced();
    const good = { perMinute: 60, dailyCap: 100, warmUp: 5 };
    const bad: object[] = [
      { ...good, perMinute: 0 },
      { ...good, perMinute: limits.pacePerMinute.max + 1 },
      { ...good, perMinute: 1.5 },
      { ...good, dailyCap: -1 },
      { ...good, dailyCap: limits.paceDailyCap.max + 1 },
      { ...good, warmUp: limits.paceWarmUpDays.max + 1 },
      { ...good, warmUp: -1 },
    ];
    for (const pace of bad) {
      const created = await first.request({ method: "POST", url: "/api/whatsapp", token: admin, payload: { name: "Bad pace", kind: "api", destinationType: "users", destinationItem: ownerId, pace } });
      expect(created.statusCode, JSON.stringify(pace)).toBe(400);
      expect(created.json().error, JSON.stringify(pace)).toBe("ERR_INVALID_PACE");
      const updated = await first.request({ method: "PUT", url: `/api/whatsapp/${connection.id}`, token: admin, payload: { pace } });
      expect(updated.json().error, JSON.stringify(pace)).toBe("ERR_INVALID_PACE");
    }
    for (const pace of [{ perMinute: 60 }, "fast", { ...good, perMinute: "60" }]) {
      const updated = await first.request({ method: "PUT", url: `/api/whatsapp/${connection.id}`, token: admin, payload: { pace } });
      expect(updated.statusCode, JSON.stringify(pace)).toBe(400);
    }
  });

  it("is an admin's setting: anonymous callers and attendants are refused", async () => {
    const connection = await paced();
    const calls = [{ method: "PUT" as const, url: `/api/whatsapp/${connection.id}`, payload: { pace: { perMinute: 1, dailyCap: 0, warmUp: 0 } } }];
    await expectRefused(first, calls, anonymous, 401, "ERR_SESSION_EXPIRED");
    const attendant = await first.createUser();
    await expectRefused(first, calls, attendant.token, 403, "ERR_NO_PERMISSION");
    const read = await first.request({ method: "GET", url: `/api/whatsapp/${connection.id}`, token: admin });
    expect(read.json().pace).toEqual(defaultConnectionPaces.api);
  });
});
