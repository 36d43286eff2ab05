import { limits } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../test/harness.js";
import { allTicketPages, idsOf, listTickets, numberedContacts, plannedRows, serverWithTeam, sqlRows, type Person, type Team } from "../../test/ticket-fixtures.js";

/**
 * GET /api/tickets search for a text many contacts' names hold and few messages (a surname,
 * docs/decisions/0052): the tab is walked in order, each ticket's contact tested by key, and the
 * count stops at limits.ticketSearchCountCap. The trigram sets would gather every matching
 * ticket to keep a page. Seeded in bulk and ANALYZEd (under 30,000 rows: the statistics, hence
 * the path, are the same on every run).
 *
 * 1,000 "Maria Figueira n" contacts, one pending ticket each, updated n minutes after a start:
 * queue A when n % 5 = 0, no queue when n % 20 = 1, closed and Dora's when n % 10 = 3, queue B
 * otherwise. 2,000 "Cliente n" contacts with a pending ticket in queue A each, one of whose
 * messages names "figueira" when n % 100 = 0.
 */
const surname = "Figueira";
const cap = limits.ticketSearchCountCap;

let server: TestServer;
let admin: string;
let team: Team;
let dora: Person;

beforeAll(async () => {
  ({ server, admin, team } = await serverWithTeam());
  dora = await server.createUser({ name: "Dora" });
  const { queueA, queueB, connection } = team;
  const db = server.ctx.db;
  await db.execute(sql`
    with ${numberedContacts(`Maria ${surname}`, "5580", 1000)}
    insert into tickets (contact_id, connection_id, status, queue_id, user_id, closed_at, created_at, updated_at)
    select c.id, ${connection.id}::int,
      case when c.n % 10 = 3 then 'closed' else 'pending' end,
      case when c.n % 5 = 0 then ${queueA.id}::int when c.n % 20 = 1 then null when c.n % 10 = 3 then ${queueA.id}::int else ${queueB.id}::int end,
      case when c.n % 10 = 3 then ${dora.id}::int end,
      case when c.n % 10 = 3 then timestamptz '2024-06-01T00:00:00Z' end,
      timestamptz '2024-06-01T00:00:00Z' + c.n * interval '1 minute',
      timestamptz '2024-06-01T00:00:00Z' + c.n * interval '1 minute'
    from c`);
  await db.execute(sql`
    with ${numberedContacts("Cliente", "5581", 2000)}, t as (
      insert into tickets (contact_id, connection_id, status, queue_id, created_at, updated_at)
      select c.id, ${connection.id}::int, 'pending', ${queueA.id}::int,
        timestamptz '2024-06-01T00:00:30Z' + c.n * interval '1 minute', timestamptz '2024-06-01T00:00:30Z' + c.n * interval '1 minute'
      from c
      returning id, contact_id
    )
    insert into messages (ticket_id, connection_id, body)
    select t.id, ${connection.id}::int, case when c.n % 100 = 0 then 'Falei com a Dona figueira ontem' else 'Pedido ' || c.n end
    from t join c on c.id = t.contact_id`);
  await db.execute(sql`analyze contacts`);
  await db.execute(sql`analyze tickets`);
  await db.execute(sql`analyze messages`);
});
afterAll(() => server.close());

/** The matching tickets a user may see, newest first, by SQL written apart from the service. */
async function expected(visible: ReturnType<typeof sql>): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(
    server,
    sql`select t.id from tickets t join contacts c on c.id = t.contact_id
      where (c.name ilike ${`%${surname}%`} or exists (select 1 from messages m where m.ticket_id = t.id and m.body ilike ${`%${surname}%`}))
        and ${visible}
      order by t.updated_at desc, t.id desc`,
  );
  return rows.map((row) => row.id);
}

describe("GET /api/tickets: search for a surname many contacts share", () => {
  it("the data is what the path needs: the planner expects the surname in many contacts and few messages", async () => {
    const plan = (query: ReturnType<typeof sql>) => plannedRows(server, query);
    // ticket-list.service.ts: contacts × 3 ≥ rowWiseCandidates (2000), and more than the messages.
    expect((await plan(sql`select 1 from contacts c where c.name ilike ${`%${surname}%`}`)) * 3).toBeGreaterThanOrEqual(2000);
    expect(await plan(sql`select 1 from messages m where m.body ilike ${`%${surname}%`}`)).toBeLessThan(2000);
  });

  it("gives an admin's search view the newest matches, and a count that stops at the cap", async () => {
    const truth = await expected(sql`true`);
    expect(truth.length).toBe(1020);
    const page = await listTickets(server, admin, { showAll: true, searchParam: surname.toLowerCase() });
    expect(idsOf(page)).toEqual(truth.slice(0, limits.ticketPageSize));
    expect(page).toMatchObject({ count: cap, countCapped: true, hasMore: true });
    const third = await listTickets(server, admin, { showAll: true, searchParam: surname, pageNumber: 3 });
    expect(idsOf(third)).toEqual(truth.slice(2 * limits.ticketPageSize, 3 * limits.ticketPageSize));
  });

  it("gives an attendant exactly the matches they may see, every page, counted exactly below the cap", async () => {
    // Alice is in queue A: its pending tickets and those with no queue.
    const truth = await expected(sql`t.status = 'pending' and (t.queue_id = ${team.queueA.id} or t.queue_id is null)`);
    expect(truth.length).toBeGreaterThan(limits.ticketPageSize);
    expect(truth.length).toBeLessThan(cap);
    const first = await listTickets(server, team.alice.token, { searchParam: surname });
    expect(first).toMatchObject({ count: truth.length, countCapped: false });
    expect(await allTicketPages(server, team.alice.token, { searchParam: surname })).toEqual(truth);
    // Dora sees her closed ones and the ones with no queue; Bob (queue B) more than the cap.
    const doras = await expected(sql`(t.user_id = ${dora.id} or (t.status = 'pending' and t.queue_id is null))`);
    expect(await allTicketPages(server, dora.token, { searchParam: surname })).toEqual(doras);
    const bobs = await listTickets(server, team.bob.token, { searchParam: surname, status: "pending" });
    expect(bobs).toMatchObject({ count: cap, countCapped: true });
    expect(idsOf(bobs)).toEqual((await expected(sql`t.status = 'pending' and (t.queue_id = ${team.queueB.id} or t.queue_id is null)`)).slice(0, limits.ticketPageSize));
  });
});
