import { limits, type TicketStatus } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../test/harness.js";
import { allTicketPages, idsOf, listTickets, numberedContacts, plannedRows, serverWithTeam, sqlRows, type Person, type Team } from "../../test/ticket-fixtures.js";

/**
 * GET /api/tickets search on enough data for the common-text path of docs/decisions/0018: the
 * walk of the tab's newest tickets, the page taken from it (or from the longer ordered walk),
 * the count that stops at limits.ticketSearchCountCap, and the fallbacks to exact counts.
 * The data is written in bulk (generate_series) and ANALYZEd, so the planner's estimate of the
 * common word's messages is real; both tables stay under 30000 rows, which ANALYZE reads whole
 * (default_statistics_target 100 samples 30000 rows): the statistics, hence the path, are the
 * same on every run and on PGlite as on PostgreSQL.
 */

/** ticket-list.service.ts `rareEstimate`: below it the planner's estimate sends a text to the trigram sets. */
const rareEstimate = 5000;
/** ticket-list.service.ts `walkSize` and `commonHits`: the walk's length, and its matches that make a text common. */
const walkSize = 200;
const commonHits = 20;
const common = "reembolso";
const rare = "xilofone";
const size = limits.ticketPageSize;
const cap = limits.ticketSearchCountCap;

/**
 * Pending tickets n = 0…pendingCount-1 (contact number 5570nnnnnnn): queue A when n is even,
 * queue B when odd, no queue when n % 10 = 9; five messages each, four of them containing
 * "Reembolso" when n % 3 ≠ 0. Updated at 2024-06-01 + floor(n / 3) minutes: ties on updatedAt
 * inside every visible set, broken by id.
 */
const pendingCount = 3300;
/** Closed tickets of Dora, n = 0…closedCount-1, one minute apart: more than the count walk's 5000. */
const closedCount = 5100;

let server: TestServer;
let admin: string;
let team: Team;
let dora: Person;
let adminId: number;

beforeAll(async () => {
  ({ server, admin, team } = await serverWithTeam());
  dora = await server.createUser({ name: "Dora" });
  const [me] = await sqlRows<{ id: number }>(server, sql`select id from users where profile = 'admin' order by id limit 1`);
  adminId = me!.id;
  const { queueA, queueB, connection } = team;
  const db = server.ctx.db;

  await db.execute(sql`
    with ${numberedContacts("Cliente", "5570", pendingCount)}, t as (
      insert into tickets (contact_id, connection_id, status, queue_id, created_at, updated_at)
      select c.id, ${connection.id}::int, 'pending',
        case when c.n % 10 = 9 then null when c.n % 2 = 0 then ${queueA.id}::int else ${queueB.id}::int end,
        timestamptz '2024-06-01T00:00:00Z' + (c.n / 3) * interval '1 minute',
        timestamptz '2024-06-01T00:00:00Z' + (c.n / 3) * interval '1 minute'
      from c
      returning id, contact_id, updated_at
    )
    insert into messages (ticket_id, connection_id, body, created_at)
    select t.id, ${connection.id}::int,
      case when c.n % 3 <> 0 and j > 0 then 'Pedido ' || c.n || ': o cliente pede Reembolso, parte ' || j
        else 'Pedido ' || c.n || ': entrega combinada, parte ' || j end,
      t.updated_at
    from t join c on c.id = t.contact_id cross join generate_series(0, 4) j`);

  // The rare word: one ticket of queue A, one of queue B, one with no queue.
  await db.execute(sql`
    insert into messages (ticket_id, connection_id, body)
    select t.id, t.connection_id, 'Comprei um Xilofone azul'
    from tickets t join contacts c on c.id = t.contact_id
    where c.number in ('55700000100', '55700000101', '55700000109')`);

  // Dora's closed tab: 5100 tickets (more than the count walk reads), the common word in 60 of
  // them, 40 among the newest 200 (enough for the walk), none older than n = 4800.
  await db.execute(sql`
    with ${numberedContacts("Antigo", "5571", closedCount)}, t as (
      insert into tickets (contact_id, connection_id, status, user_id, queue_id, closed_at, created_at, updated_at)
      select c.id, ${connection.id}::int, 'closed', ${dora.id}::int, ${queueA.id}::int,
        timestamptz '2024-07-01T00:00:00Z' + c.n * interval '1 minute',
        timestamptz '2024-07-01T00:00:00Z' + c.n * interval '1 minute',
        timestamptz '2024-07-01T00:00:00Z' + c.n * interval '1 minute'
      from c
      returning id, contact_id, updated_at
    )
    insert into messages (ticket_id, connection_id, body, created_at)
    select t.id, ${connection.id}::int, 'Antigo ' || c.n || ': reembolso feito', t.updated_at
    from t join c on c.id = t.contact_id
    where c.n >= 4800 and c.n % 5 = 0`);

  await db.execute(sql`analyze contacts`);
  await db.execute(sql`analyze tickets`);
  await db.execute(sql`analyze messages`);
});
afterAll(() => server.close());

/** The planner's estimate of the messages containing `text`, as the service asks for it. */
const estimate = (text: string) => plannedRows(server, sql`select 1 from messages m where m.body ilike ${`%${text}%`}`);

interface Viewer {
  id: number;
  queueIds: readonly number[];
  /** An admin's showAll: every ticket. */
  all?: boolean;
}

/**
 * Brute force over the seeded data, written apart from the service: every ticket the viewer may
 * list (owned, taken part in, pending of their queues or with no queue) whose contact name or
 * one of whose messages contains the word, in the list's order.
 */
async function expected(viewer: Viewer, word: string, status?: TicketStatus): Promise<number[]> {
  const queues = viewer.queueIds.length ? sql.join(viewer.queueIds.map((id) => sql`${id}::int`), sql`, `) : sql`null::int`;
  const visible = viewer.all
    ? sql`true`
    : sql`(t.user_id = ${viewer.id}::int
        or exists (select 1 from ticket_participants p where p.ticket_id = t.id and p.user_id = ${viewer.id}::int)
        or (t.status = 'pending' and (t.queue_id is null or t.queue_id in (${queues}))))`;
  const found = await sqlRows<{ id: number }>(server, sql`
    select t.id from tickets t join contacts c on c.id = t.contact_id
    where ${visible}
      and (${status ?? null}::text is null or t.status = ${status ?? null}::text)
      and (position(${word}::text in lower(c.name)) > 0
        or exists (select 1 from messages m where m.ticket_id = t.id and position(${word}::text in lower(m.body)) > 0))
    order by t.updated_at desc, t.id desc`);
  return found.map((row) => Number(row.id));
}

/** Matches among the viewer's `walkSize` newest tickets of the tab (what the service's walk finds). */
async function walkHits(viewer: Viewer, word: string, status?: TicketStatus): Promise<number> {
  const tab = await expected(viewer, "", status);
  expect(tab.length).toBeGreaterThanOrEqual(walkSize);
  const matches = new Set(await expected(viewer, word, status));
  return tab.slice(0, walkSize).filter((id) => matches.has(id)).length;
}

async function queueOf(ids: number[]): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map();
  const found = await sqlRows<{ id: number; queue_id: number | null }>(
    server,
    sql`select id, queue_id from tickets where id in (${sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    )})`,
  );
  return new Map(found.map((row) => [Number(row.id), row.queue_id === null ? null : Number(row.queue_id)]));
}

describe("GET /api/tickets: search for a common text (walk, capped count)", () => {
  const alice = () => ({ id: team.alice.id, queueIds: [team.queueA.id] });

  it("the data is what the paths need: the planner expects the common word in many messages, the rare one in few", async () => {
    expect(await estimate(common)).toBeGreaterThanOrEqual(rareEstimate * 1.2);
    expect(await estimate(rare)).toBeLessThan(rareEstimate);
    expect((await expected(alice(), common)).length).toBeGreaterThan(cap);
    // The walk of Alice's 200 newest tickets finds enough matches to keep walking (commonHits = 20)
    // and, for the first pages, enough to answer them by itself.
    const hits = await walkHits(alice(), common);
    expect(hits).toBeGreaterThanOrEqual(3 * size + 1);
    expect(hits).toBeLessThan(4 * size + 1);
    // Carol's tab and Dora's closed tab are longer than the walk, with enough matches in it.
    expect(await walkHits({ id: team.carol.id, queueIds: [] }, common)).toBeGreaterThanOrEqual(commonHits);
    expect(await walkHits({ id: dora.id, queueIds: [] }, common, "closed")).toBe(40);
  });

  it("answers the first page with the newest matching tickets the user may see, and a count stopped at the cap", async () => {
    const want = await expected(alice(), common);
    const queries: Record<string, string>[] = [{ searchParam: common }, { searchParam: "REEMBOLSO", status: "pending" }];
    for (const query of queries) {
      const page = await listTickets(server, team.alice.token, query);
      expect(idsOf(page), JSON.stringify(query)).toEqual(want.slice(0, size));
      expect(page, JSON.stringify(query)).toMatchObject({ count: cap, countCapped: true, hasMore: true });
    }
    const everyone = await expected({ id: adminId, queueIds: [], all: true }, common, "pending");
    const page = await listTickets(server, admin, { searchParam: common, status: "pending", showAll: true });
    expect(idsOf(page)).toEqual(everyone.slice(0, size));
    expect(page).toMatchObject({ count: cap, countCapped: true, hasMore: true });
  });

  it("continues page after page without repeats: from the walk, then from the longer ordered walk", async () => {
    const want = await expected(alice(), common);
    const seen: number[] = [];
    // Pages 2 and 3 come from the first walk's matches; 4 and 5 need more than it found.
    for (let pageNumber = 2; pageNumber <= 5; pageNumber++) {
      const page = await listTickets(server, team.alice.token, { searchParam: common, pageNumber });
      expect(idsOf(page), `page ${pageNumber}`).toEqual(want.slice((pageNumber - 1) * size, pageNumber * size));
      expect(page, `page ${pageNumber}`).toMatchObject({ count: cap, countCapped: true, hasMore: true });
      seen.push(...idsOf(page));
    }
    expect(new Set(seen).size).toBe(seen.length);
    const first = idsOf(await listTickets(server, team.alice.token, { searchParam: common }));
    expect(seen.filter((id) => first.includes(id))).toEqual([]);
  });

  it("shows each attendant only what they may see, on the walk as on the sets", async () => {
    const { alice: a, bob, carol, queueA, queueB } = team;
    // Bob: queue B and no queue; never a ticket of queue A.
    const bobWant = await expected({ id: bob.id, queueIds: [queueB.id] }, common);
    const bobPage = await listTickets(server, bob.token, { searchParam: common });
    expect(idsOf(bobPage)).toEqual(bobWant.slice(0, size));
    expect(bobPage).toMatchObject({ count: cap, countCapped: true });
    expect([...(await queueOf(idsOf(bobPage))).values()]).not.toContain(queueA.id);

    // Carol is in no queue: of the common word's 2200 pending tickets, only those with no queue
    // (330 in her tab, ~220 matching: the walk path, with an exact count below the cap).
    const carolWant = await expected({ id: carol.id, queueIds: [] }, common);
    expect(carolWant.length).toBeGreaterThan(size * 2);
    expect(carolWant.length).toBeLessThan(cap);
    const carolAll = await allTicketPages(server, carol.token, { searchParam: common });
    expect(carolAll).toEqual(carolWant);
    expect(new Set((await queueOf(carolAll)).values())).toEqual(new Set([null]));
    const carolPage = await listTickets(server, carol.token, { searchParam: common, status: "pending" });
    expect(carolPage.count).toBe(carolWant.length);
    expect(carolPage.countCapped ?? false).toBe(false);

    // Alice's first pages, from the walk and from the longer walk: queue A and no queue only.
    const aliceIds = [...idsOf(await listTickets(server, a.token, { searchParam: common })), ...idsOf(await listTickets(server, a.token, { searchParam: common, pageNumber: 5 }))];
    expect(new Set((await queueOf(aliceIds)).values())).toEqual(new Set([queueA.id, null]));
  });

  it("counts a rare text exactly, without countCapped", async () => {
    const { alice: a, bob, carol, queueB } = team;
    for (const [viewer, token] of [
      [alice(), a.token],
      [{ id: bob.id, queueIds: [queueB.id] }, bob.token],
      [{ id: carol.id, queueIds: [] }, carol.token],
    ] as const) {
      const want = await expected(viewer, rare);
      const page = await listTickets(server, token, { searchParam: "Xilofone" });
      expect(idsOf(page)).toEqual(want);
      expect(page.count).toBe(want.length);
      expect(page.countCapped ?? false).toBe(false);
    }
    expect((await listTickets(server, carol.token, { searchParam: rare })).count).toBe(1);
    expect((await listTickets(server, admin, { searchParam: rare, showAll: true })).count).toBe(3);
  });

  it("counts exactly a common text with fewer matches than the cap, also past the count walk's 5000 tickets", async () => {
    // Dora's closed tab: 5100 tickets, 60 matching, 40 of them among the newest 200.
    const want = await expected({ id: dora.id, queueIds: [] }, common, "closed");
    expect(want).toHaveLength(60);
    const first = await listTickets(server, dora.token, { searchParam: common, status: "closed" });
    expect(idsOf(first)).toEqual(want.slice(0, size));
    expect(first).toMatchObject({ count: 60, hasMore: true });
    expect(first.countCapped ?? false).toBe(false);
    const second = await listTickets(server, dora.token, { searchParam: common, status: "closed", pageNumber: 2 });
    expect(idsOf(second)).toEqual(want.slice(size));
    expect(second).toMatchObject({ count: 60, hasMore: false });
  });
});
