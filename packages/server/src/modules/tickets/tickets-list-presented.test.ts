import type { Ticket } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { listTickets, seedTeam, seedTicket, sqlRows, type Team } from "../../test/ticket-fixtures.js";

// A list presents its page as JSON built by PostgreSQL (presentTicketsById), GET /tickets/{id}
// by mapping the joined row in Node (presentJoinedTicket): both must show every ticket alike,
// whatever it links to (issue 35).

let server: TestServer;
let admin: string;
let team: Team;
const ids: number[] = [];

/** Runs a statement of the seeding (raw SQL: states no route writes directly). */
const run = (statement: ReturnType<typeof sql>) => sqlRows(server, statement);

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  team = await seedTeam(server, admin);
  const { alice, bob, queueA, queueB, connection } = team;
  await run(sql`update queues set sla_first_response_minutes = 15, sla_resolution_minutes = 240 where id = ${queueA.id}`);
  await run(sql`update queues set sla_resolution_minutes = 60 where id = ${queueB.id}`);
  const seed = (input: Omit<Parameters<typeof seedTicket>[1], "connectionId">) => seedTicket(server, { connectionId: connection.id, ...input });

  // Plain, waiting in a queue with SLA targets: one running, one already missed.
  ids.push(await seed({ status: "pending", queueId: queueA.id, messages: ["olá"] }));
  const missed = await seed({ status: "pending", queueId: queueA.id, unreadMessages: 3 });
  ids.push(missed);
  await run(sql`update tickets set first_response_due_at = now() + interval '10 minutes 0.123456 seconds', resolution_due_at = now() + interval '4 hours' where id = ${ids[0]}`);
  await run(sql`update tickets set first_response_due_at = now() - interval '1 minute 0.987654 seconds', resolution_due_at = now() + interval '1 hour' where id = ${missed}`);

  // Open, auto-assigned, answered after its due time, with participants, labels and a contact's extra fields, labels and opt-out.
  const open = await seed({ status: "open", userId: alice.id, queueId: queueA.id, participants: [bob.id] });
  ids.push(open);
  await run(sql`update tickets set auto_assigned_at = now() - interval '0.000456 seconds', first_response_due_at = now() - interval '2 hours',
    first_response_at = now() - interval '1 hour 0.000999 seconds', resolution_due_at = now() + interval '3 hours' where id = ${open}`);
  await run(sql`update contacts set email = 'cliente@example.com', profile_pic_url = 'https://example.com/p.jpg', opted_out_at = now() - interval '0.555555 seconds'
    where id = (select contact_id from tickets where id = ${open})`);
  await run(sql`insert into contact_custom_fields (contact_id, name, value) select contact_id, 'CPF', '123' from tickets where id = ${open}`);
  await run(sql`insert into contact_custom_fields (contact_id, name, value) select contact_id, 'Plano', 'ouro "premium"' from tickets where id = ${open}`);
  const [gold, blue] = await run(sql`insert into tags (name, color) values ('Ouro', '#d4af37'), ('azul', '#0000ff') returning id`) as { id: number }[];
  await run(sql`insert into ticket_tags (ticket_id, tag_id) values (${open}, ${gold!.id}), (${open}, ${blue!.id})`);
  await run(sql`insert into contact_tags (contact_id, tag_id) select contact_id, ${blue!.id}::integer from tickets where id = ${open}`);

  // Closed: rated and resolved late; rated without a date (no rating shown); its connection deleted, its name kept.
  const rated = await seed({ status: "closed", userId: alice.id, queueId: queueB.id });
  ids.push(rated);
  await run(sql`update tickets set rating_score = 4, rating_comment = 'bom', rated_at = now() - interval '0.25 seconds',
    resolution_due_at = closed_at - interval '1 minute' where id = ${rated}`);
  const unrated = await seed({ status: "closed", userId: alice.id, queueId: queueB.id });
  ids.push(unrated);
  await run(sql`update tickets set rating_score = 2, resolution_due_at = closed_at + interval '1 minute' where id = ${unrated}`);
  const orphan = await seed({ status: "closed", userId: alice.id });
  ids.push(orphan);
  await run(sql`update tickets set connection_id = null, connection_name = 'Suporte (antigo)' where id = ${orphan}`);

  // In a menu and with a bot: nobody's work yet, an admin's tab shows them.
  const [menu] = await run(sql`insert into uras (name, description) values ('Menu principal', '') returning id`) as { id: number }[];
  const [bot] = await run(sql`insert into bots (name, kind, url, secret, timeout_seconds, keywords, destination_type, destination_id)
    values ('Robô', 'typebot', 'https://bot.example.com', 's', 10, '{}', 'queue', ${team.queueA.id}) returning id`) as { id: number }[];
  const inMenu = await seed({ status: "pending" });
  const withBot = await seed({ status: "pending" });
  ids.push(inMenu, withBot);
  await run(sql`update tickets set ura_id = ${menu!.id} where id = ${inMenu}`);
  await run(sql`update tickets set bot_id = ${bot!.id} where id = ${withBot}`);
});
afterAll(() => server.close());

async function shown(id: number): Promise<Ticket> {
  const response = await server.request({ method: "GET", url: `/api/tickets/${id}`, token: admin });
  expect(response.statusCode, `${id}`).toBe(200);
  return (response.json() as { ticket: Ticket }).ticket;
}

describe("GET /api/tickets: the page's tickets", () => {
  it("are each the ticket GET /api/tickets/{id} shows, in every state", async () => {
    const listed = new Map<number, Ticket>();
    for (const status of ["pending", "open", "closed"]) {
      for (const ticket of (await listTickets(server, admin, { status, showAll: true })).tickets) listed.set(ticket.id, ticket);
    }
    expect([...listed.keys()].sort()).toEqual([...ids].sort());
    for (const id of ids) expect(listed.get(id), `${id}`).toEqual(await shown(id));
  });

  it("show what the seeding set: SLA outcomes, rating, links and timestamps to the millisecond", async () => {
    const page = await listTickets(server, admin, { status: "pending", showAll: true });
    const byId = new Map(page.tickets.map((ticket) => [ticket.id, ticket]));
    expect(byId.get(ids[0]!)!.sla).toMatchObject({ firstResponseBreached: false, resolutionBreached: false, firstResponseMinutes: 15, resolutionMinutes: 240 });
    expect(byId.get(ids[1]!)!.sla).toMatchObject({ firstResponseBreached: true, resolutionBreached: false });
    expect(byId.get(ids[6]!)!.ura).toMatchObject({ name: "Menu principal" });
    expect(byId.get(ids[7]!)!.bot).toMatchObject({ name: "Robô" });
    const [open] = (await listTickets(server, admin, { status: "open", showAll: true })).tickets;
    expect(open!.sla).toMatchObject({ firstResponseBreached: true, resolutionBreached: false });
    expect(open!.contact).toMatchObject({ optedOut: true, email: "cliente@example.com", extraInfo: [{ name: "CPF" }, { name: "Plano", value: 'ouro "premium"' }] });
    expect(open!.tags.map((tag) => tag.name)).toEqual(["azul", "Ouro"]);
    expect(open!.userTicket).toEqual([{ userId: team.bob.id, ticketId: open!.id, user: { id: team.bob.id, name: "Bob" } }]);
    expect(open!.autoAssignedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const closed = new Map((await listTickets(server, admin, { status: "closed", showAll: true })).tickets.map((ticket) => [ticket.id, ticket]));
    expect(closed.get(ids[3]!)).toMatchObject({ rating: { score: 4, comment: "bom" }, sla: { resolutionBreached: true, firstResponseMinutes: null, resolutionMinutes: 60 } });
    expect(closed.get(ids[4]!)).toMatchObject({ rating: null, sla: { resolutionBreached: false } });
    expect(closed.get(ids[5]!)!.whatsapp).toEqual({ id: null, name: "Suporte (antigo)", label: null, kind: null });
  });
});
