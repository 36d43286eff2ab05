import { limits } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../test/harness.js";
import { allTicketPages, idsOf, listTickets, numberedContacts, serverWithTeam, sqlRows, type Team } from "../../test/ticket-fixtures.js";

/**
 * GET /api/tickets on tabs larger than a page (docs/decisions/0052): an attendant's closed tab is
 * read as the merge of the tickets they owned and those they took part in, each in update order,
 * and a tab of more than limits.ticketListCountCap tickets stops counting there. The data is
 * written in bulk (generate_series).
 */

const size = limits.ticketPageSize;
const listCap = limits.ticketListCountCap;
/** Closed tickets nobody in the team owns: more than the list count cap. */
const historyCount = listCap + 50;

let server: TestServer;
let admin: string;
let team: Team;

beforeAll(async () => {
  ({ server, admin, team } = await serverWithTeam());
  const { alice, bob, queueA, connection } = team;
  const db = server.ctx.db;

  // Closed tickets n = 0…historyCount-1, one a minute: n % 3 = 0 Alice's, n % 3 = 1 Bob's with
  // Alice taking part, n % 3 = 2 Bob's alone; every 10th Alice's also has Alice as participant (a
  // ticket in both of her sets). Pairs n, n+1 with n % 20 = 4 share their updated_at: ties broken
  // by id. The rest are nobody's history.
  await db.execute(sql`
    with ${numberedContacts("Histórico", "5572", historyCount)}, t as (
      insert into tickets (contact_id, connection_id, status, user_id, queue_id, closed_at, created_at, updated_at)
      select c.id, ${connection.id}::int, 'closed',
        case when c.n >= 300 then null when c.n % 3 = 0 then ${alice.id}::int else ${bob.id}::int end, ${queueA.id}::int,
        at, at, at
      from c cross join lateral (select timestamptz '2024-03-01T00:00:00Z' + (c.n - case when c.n % 20 = 5 then 1 else 0 end) * interval '1 minute' as at) a
      returning id, contact_id
    )
    insert into ticket_participants (ticket_id, user_id)
    select t.id, ${alice.id}::int from t join c on c.id = t.contact_id
    where c.n < 300 and (c.n % 3 = 1 or c.n % 30 = 0)`);
  await db.execute(sql`analyze tickets`);
  await db.execute(sql`analyze ticket_participants`);
});
afterAll(() => server.close());

describe("GET /api/tickets: large tabs", () => {
  it("pages an attendant's closed tab, owned and taken part in, newest first, each ticket once", async () => {
    const { alice } = team;
    const want = await sqlRows<{ id: number }>(server, sql`
      select t.id from tickets t where t.status = 'closed'
        and (t.user_id = ${alice.id}::int or exists (select 1 from ticket_participants p where p.ticket_id = t.id and p.user_id = ${alice.id}::int))
      order by t.updated_at desc, t.id desc`);
    expect(want.length).toBeGreaterThan(size * 4);
    expect(await allTicketPages(server, alice.token, { status: "closed" })).toEqual(want.map((row) => row.id));
    const first = await listTickets(server, alice.token, { status: "closed" });
    expect(first).toMatchObject({ count: want.length, hasMore: true });
    expect(first.countCapped ?? false).toBe(false);
  });

  it("stops counting a tab at limits.ticketListCountCap and says so, the page unchanged", async () => {
    const [total] = await sqlRows<{ n: number }>(server, sql`select count(*)::int as n from tickets where status = 'closed'`);
    expect(total!.n).toBeGreaterThan(listCap);
    const page = await listTickets(server, admin, { status: "closed", showAll: true });
    expect(page).toMatchObject({ count: listCap, countCapped: true, hasMore: true });
    const newest = await sqlRows<{ id: number }>(server, sql`select id from tickets where status = 'closed' order by updated_at desc, id desc limit ${size}`);
    expect(idsOf(page)).toEqual(newest.map((row) => row.id));
    // A tab below the cap counts exactly.
    const open = await listTickets(server, admin, { status: "open", showAll: true });
    expect(open.count).toBe(0);
    expect(open.countCapped ?? false).toBe(false);
  });
});
