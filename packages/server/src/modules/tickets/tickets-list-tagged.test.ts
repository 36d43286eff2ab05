import { limits, type Tag } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { allTicketPages, idsOf, listTickets, numberedContacts, seedTeam, seedTicket, sqlRows, type SeedTicket, type Team } from "../../test/ticket-fixtures.js";

// GET /api/tickets?tagIds: the three ways a label-filtered tab is read (ticket-list.service.ts
// taggedTab, docs/decisions/0072) give the answer the plain filter gives: an admin's closed tab
// counted from the labels, a user's active tabs gathered in one statement, the rest walked.

let server: TestServer;
let admin: string;
let team: Team;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  team = await seedTeam(server, admin);
});
afterAll(() => server.close());

const cap = limits.ticketTagCountCap;
const seed = (input: Omit<SeedTicket, "connectionId">) => seedTicket(server, { connectionId: team.connection.id, ...input });

async function createTag(name: string): Promise<Tag> {
  const response = await server.request({ method: "POST", url: "/api/tags", token: admin, payload: { name, color: "#F44336" } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Tag;
}

/** Labels a ticket directly: a closed ticket's labels are history, which PUT /tickets/{id}/tags refuses to change. */
async function label(id: number, ...tags: Tag[]): Promise<number> {
  for (const tag of tags) await server.ctx.db.execute(sql`insert into ticket_tags (ticket_id, tag_id) values (${id}::int, ${tag.id}::int)`);
  return id;
}

/** The same tab by SQL written apart from the service: tickets carrying any of the tags, newest first. */
async function expected(where: ReturnType<typeof sql>, tags: Tag[]): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(
    server,
    sql`select t.id from tickets t where ${where} and t.id in (select ticket_id from ticket_tags where tag_id in (${sql.join(
      tags.map((tag) => sql`${tag.id}::int`),
      sql`, `,
    )})) order by t.updated_at desc, t.id desc`,
  );
  return rows.map((row) => Number(row.id));
}

describe("GET /api/tickets?tagIds, an admin's closed tab (counted from the labels)", () => {
  it("counts each labelled ticket once, only closed ones of a kept contact, and pages them newest first", async () => {
    const [gold, silver] = [await createTag("Closed gold"), await createTag("Closed silver")];
    const goldOne = await label(await seed({ status: "closed" }), gold);
    const both = await label(await seed({ status: "closed" }), gold, silver);
    const silverOne = await label(await seed({ status: "closed" }), silver);
    await seed({ status: "closed" });
    // An erased contact's ticket (decision 0062), an active one and a waiting one carry the labels too.
    await label(await seed({ status: "closed", contactId: null }), gold);
    const open = await label(await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id }), gold);
    const waiting = await label(await seed({ status: "pending", queueId: team.queueA.id }), silver, gold);

    const closed = await listTickets(server, admin, { status: "closed", showAll: true, tagIds: `${gold.id},${silver.id}` });
    expect(idsOf(closed)).toEqual([silverOne, both, goldOne]);
    expect(closed).toMatchObject({ count: 3, countCapped: false, hasMore: false });
    // The same with the labels the other way round, and narrowed by queue (the tab walked instead).
    expect((await listTickets(server, admin, { status: "closed", showAll: true, tagIds: `${silver.id},${gold.id}` })).count).toBe(3);
    // Every status at once: the active ones too, the erased contact's still not.
    const every = await listTickets(server, admin, { showAll: true, tagIds: `${silver.id},${gold.id}` });
    expect(idsOf(every)).toEqual([waiting, open, silverOne, both, goldOne]);
    expect(every.count).toBe(5);
  });

  it("stops at limits.ticketTagCountCap counting tickets, not links: a ticket carrying both labels is one", async () => {
    const [red, blue] = [await createTag("Capped red"), await createTag("Capped blue")];
    // cap - 1 tickets carry both labels, one more only blue: exactly `cap` tickets, 2 × cap - 1 links.
    await server.ctx.db.execute(sql`
      with ${numberedContacts("Twice labelled", "5574", cap)}, t as (
        insert into tickets (contact_id, connection_id, status, closed_at)
        select c.id, ${team.connection.id}::int, 'closed', now() from c returning id
      ), ordered as (select id, row_number() over (order by id) as n from t)
      insert into ticket_tags (ticket_id, tag_id)
      select id, ${blue.id}::int from ordered union all select id, ${red.id}::int from ordered where n < ${cap}::int`);
    const atCap = await listTickets(server, admin, { status: "closed", showAll: true, tagIds: `${red.id},${blue.id}` });
    expect(atCap).toMatchObject({ count: cap, countCapped: false });
    expect(idsOf(atCap)).toEqual((await expected(sql`t.status = 'closed'`, [red, blue])).slice(0, limits.ticketPageSize));

    await label(await seed({ status: "closed" }), red);
    expect(await listTickets(server, admin, { status: "closed", showAll: true, tagIds: `${red.id},${blue.id}` })).toMatchObject({ count: cap, countCapped: true });
    expect((await listTickets(server, admin, { status: "closed", showAll: true, tagIds: String(red.id) })).count).toBe(cap);
  });
});

describe("GET /api/tickets?tagIds, a user's own tabs (active ones: page and count from one statement)", () => {
  it("pages every match of the user's branches newest first, with the exact count below the cap", async () => {
    const green = await createTag("Own green");
    const mine: number[] = [];
    for (let i = 0; i < limits.ticketPageSize + 3; i++) {
      const id = await seed({ status: i % 4 === 0 ? "pending" : "open", userId: i % 4 === 0 ? null : team.alice.id, queueId: team.queueA.id });
      if (i % 3 !== 2) mine.push(await label(id, green));
    }
    // Taken part in, and Bob's (not Alice's work).
    const partOf = await label(await seed({ status: "open", userId: team.bob.id, queueId: team.queueB.id, participants: [team.alice.id] }), green);
    await label(await seed({ status: "open", userId: team.bob.id, queueId: team.queueB.id }), green);

    for (const status of ["open", "pending"] as const) {
      const where = status === "open" ? sql`t.status = 'open' and (t.user_id = ${team.alice.id}::int or t.id = ${partOf}::int)` : sql`t.status = 'pending' and t.queue_id = ${team.queueA.id}::int`;
      const want = await expected(where, [green]);
      const first = await listTickets(server, team.alice.token, { status, tagIds: String(green.id) });
      expect(first).toMatchObject({ count: want.length, countCapped: false, hasMore: want.length > limits.ticketPageSize });
      expect(await allTicketPages(server, team.alice.token, { status, tagIds: String(green.id) })).toEqual(want);
    }
    expect(idsOf(await listTickets(server, team.alice.token, { status: "open", tagIds: String(green.id) }))).toContain(partOf);
  });

  it("a closed tab (tickets_user_closed_idx): owned and taken part in, ties by id, never an erased contact's, with and without the label", async () => {
    const amber = await createTag("Own amber");
    const tie = new Date(Date.UTC(2025, 5, 1));
    const owned = [await seed({ status: "closed", userId: team.carol.id, updatedAt: tie }), await seed({ status: "closed", userId: team.carol.id, updatedAt: tie })];
    const partOf = await seed({ status: "closed", userId: team.bob.id, participants: [team.carol.id], updatedAt: tie });
    const unlabelled = await seed({ status: "closed", userId: team.carol.id });
    // Carol's, but an erased contact's (decision 0062), or still open: not in her closed tab.
    await label(await seed({ status: "closed", userId: team.carol.id, contactId: null, updatedAt: tie }), amber);
    await label(await seed({ status: "open", userId: team.carol.id, queueId: team.queueA.id }), amber);
    for (const id of [...owned, partOf]) await label(id, amber);

    const mine = sql`t.status = 'closed' and t.contact_id is not null and (t.user_id = ${team.carol.id}::int or t.id = ${partOf}::int)`;
    const tagged = await listTickets(server, team.carol.token, { status: "closed", tagIds: String(amber.id) });
    expect(idsOf(tagged)).toEqual(await expected(mine, [amber]));
    expect(idsOf(tagged)).toEqual([...owned, partOf].sort((a, b) => b - a));
    expect(tagged).toMatchObject({ count: 3, countCapped: false, hasMore: false });
    const all = await allTicketPages(server, team.carol.token, { status: "closed" });
    const want = await sqlRows<{ id: number }>(server, sql`select t.id from tickets t where ${mine} order by t.updated_at desc, t.id desc`);
    expect(all).toEqual(want.map((row) => Number(row.id)));
    expect(all).toContain(unlabelled);
  });

  it("past the cap, says so and still pages the newest, in an active tab (gathered) and the closed one", async () => {
    const many = await createTag("Own many");
    for (const [status, prefix] of [["open", "5575"], ["closed", "5576"]] as const) {
      await server.ctx.db.execute(sql`
        with ${numberedContacts(`Alice ${status}`, prefix, cap + 1)}, t as (
          insert into tickets (contact_id, connection_id, status, closed_at, user_id, queue_id, updated_at)
          select c.id, ${team.connection.id}::int, ${status}::text, case when ${status}::text = 'closed' then now() end, ${team.alice.id}::int,
            ${team.queueA.id}::int, now() - c.n * interval '1 minute' from c returning id
        )
        insert into ticket_tags (ticket_id, tag_id) select t.id, ${many.id}::int from t`);
      const page = await listTickets(server, team.alice.token, { status, tagIds: String(many.id), pageNumber: 2 });
      expect(page).toMatchObject({ count: cap, countCapped: true, hasMore: true });
      const want = await expected(sql`t.status = ${status}::text and t.user_id = ${team.alice.id}::int`, [many]);
      expect(idsOf(page)).toEqual(want.slice(limits.ticketPageSize, 2 * limits.ticketPageSize));
    }
  });
});
