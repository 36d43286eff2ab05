import { contact as contactSchema, limits, queueColorPresets, tag as tagSchema, ticket as ticketSchema, type Contact, type Tag, type TicketResponse } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createContact } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectError, expectRefused, type RouteCall } from "../../test/route-guards.js";
import { idsOf, listTickets, numberedContacts, seedTeam, seedTicket, type SeedTicket, type Team } from "../../test/ticket-fixtures.js";

let server: TestServer;
let admin: string;
let team: Team;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  team = await seedTeam(server, admin);
});
afterAll(() => server.close());

let tagSeq = 0;
async function createTag(name = `Tag ${++tagSeq}`, color: string = queueColorPresets[tagSeq % queueColorPresets.length]!): Promise<Tag> {
  const response = await server.request({ method: "POST", url: "/api/tags", token: admin, payload: { name, color } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const seed = (input: Omit<SeedTicket, "connectionId">) => seedTicket(server, { connectionId: team.connection.id, ...input });
const tagTicket = (token: string | undefined, id: number, tagIds: unknown) => server.request({ method: "PUT", url: `/api/tickets/${id}/tags`, token, payload: { tagIds } });
const tagContact = (token: string | undefined, id: number, tagIds: unknown) => server.request({ method: "PUT", url: `/api/contacts/${id}/tags`, token, payload: { tagIds } });
const names = (tags: readonly Pick<Tag, "name">[]) => tags.map((t) => t.name);

describe("tag routes: guards", () => {
  it("refuse anonymous callers on every route with 401", async () => {
    const calls: RouteCall[] = [
      { method: "GET", url: "/api/tags" },
      { method: "GET", url: "/api/tags/1" },
      { method: "GET", url: "/api/tags/1/usage" },
      { method: "POST", url: "/api/tags", payload: { name: "VIP", color: "#F44336" } },
      { method: "PUT", url: "/api/tags/1", payload: { name: "VIP" } },
      { method: "DELETE", url: "/api/tags/1" },
      { method: "PUT", url: "/api/tickets/1/tags", payload: { tagIds: [] } },
      { method: "PUT", url: "/api/contacts/1/tags", payload: { tagIds: [] } },
    ];
    await expectRefused(server, calls, anonymous, 401, "ERR_SESSION_EXPIRED");
  });

  it("let attendants of either queue read tags, and only admins write them or read their use", async () => {
    const tag = await createTag();
    for (const person of [team.alice, team.bob]) {
      const list = await server.request({ method: "GET", url: "/api/tags", token: person.token });
      expect(list.statusCode).toBe(200);
      expect(z.array(tagSchema).parse(list.json())).toContainEqual(tag);
      expect((await server.request({ method: "GET", url: `/api/tags/${tag.id}`, token: person.token })).json()).toEqual(tag);
      const calls: RouteCall[] = [
        { method: "POST", url: "/api/tags", payload: { name: "Mine", color: "#F44336" } },
        { method: "PUT", url: `/api/tags/${tag.id}`, payload: { name: "Renamed" } },
        { method: "DELETE", url: `/api/tags/${tag.id}` },
        { method: "GET", url: `/api/tags/${tag.id}/usage` },
      ];
      await expectRefused(server, calls, person.token, 403, "ERR_NO_PERMISSION");
    }
    expect((await server.request({ method: "GET", url: `/api/tags/${tag.id}`, token: admin })).json()).toEqual(tag);
  });
});

describe("POST and PUT /api/tags", () => {
  it("takes 1–30 characters, trimmed, and refuses 31", async () => {
    const post = (name: string) => server.request({ method: "POST", url: "/api/tags", token: admin, payload: { name, color: "#4CAF50" } });
    expect((await post("x")).statusCode).toBe(201);
    const thirty = await post(` ${"a".repeat(30)} `);
    expect(thirty.json()).toMatchObject({ name: "a".repeat(30), color: "#4CAF50" });
    await expectError(post("b".repeat(31)), 400, "ERR_MISSING_VALUES");
    await expectError(post("   "), 400, "ERR_MISSING_VALUES");
  });

  it("refuses a name in use in another case, on create and on rename", async () => {
    const vip = await createTag("Urgent");
    await expectError(server.request({ method: "POST", url: "/api/tags", token: admin, payload: { name: "uRGENT", color: "#F44336" } }), 409, "ERR_TAG_NAME_EXISTS");
    const other = await createTag("Later");
    await expectError(server.request({ method: "PUT", url: `/api/tags/${other.id}`, token: admin, payload: { name: "URGENT" } }), 409, "ERR_TAG_NAME_EXISTS");
    // Its own name in another case is a rename, not a clash.
    expect((await server.request({ method: "PUT", url: `/api/tags/${vip.id}`, token: admin, payload: { name: "URGENT" } })).json()).toEqual({ ...vip, name: "URGENT" });
  });

  it("takes a queue preset or any #RRGGBB (stored upper case) and refuses anything else with ERR_INVALID_TAG_COLOR", async () => {
    for (const preset of queueColorPresets) expect(tagSchema.parse(await createTag(undefined, preset)).color).toBe(preset);
    expect((await createTag(undefined, "#abcdef")).color).toBe("#ABCDEF");
    const post = (color: unknown) => server.request({ method: "POST", url: "/api/tags", token: admin, payload: { name: `Bad ${++tagSeq}`, color } });
    for (const color of ["red", "#FFF", "#GG0000", "#1234567", "", "F44336"]) await expectError(post(color), 400, "ERR_INVALID_TAG_COLOR");
    const tag = await createTag();
    await expectError(server.request({ method: "PUT", url: `/api/tags/${tag.id}`, token: admin, payload: { color: "blue" } }), 400, "ERR_INVALID_TAG_COLOR");
    expect((await server.request({ method: "PUT", url: `/api/tags/${tag.id}`, token: admin, payload: { color: "#00bcd4" } })).json()).toEqual({ ...tag, color: "#00BCD4" });
  });

  it("answers ERR_NO_TAG_FOUND for a missing id on read, update, usage and delete", async () => {
    const url = "/api/tags/999999";
    const calls: RouteCall[] = [
      { method: "GET", url },
      { method: "PUT", url, payload: { name: "Ghost" } },
      { method: "GET", url: `${url}/usage` },
      { method: "DELETE", url },
    ];
    await expectRefused(server, calls, admin, 404, "ERR_NO_TAG_FOUND");
  });

  it("lists every tag by name regardless of case", async () => {
    await createTag("zeta");
    await createTag("Alpha");
    const listed = names((await server.request({ method: "GET", url: "/api/tags", token: team.carol.token })).json());
    const lower = listed.map((name) => name.toLowerCase());
    expect(lower).toEqual([...lower].sort());
    expect(listed).toEqual(expect.arrayContaining(["Alpha", "zeta"]));
  });
});

describe("PUT /api/tickets/:id/tags", () => {
  it("lets whoever may write in the ticket set its tags; one who may not see it, or only see it, is refused", async () => {
    const [vip, late] = [await createTag("VIP ticket"), await createTag("Late ticket")];
    const id = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id });

    const byOwner = await tagTicket(team.alice.token, id, [vip.id, late.id, vip.id]);
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    const ticket = ticketSchema.parse((byOwner.json() as TicketResponse).ticket);
    // Ordered by name, each once.
    expect(ticket.tags).toEqual([late, vip]);

    // Bob, of queue B, may not see Alice's ticket.
    await expectError(tagTicket(team.bob.token, id, []), 403, "ERR_NO_PERMISSION");
    // Alice sees a pending ticket of her queue but may not write in it (she accepts it first).
    const waiting = await seed({ status: "pending", queueId: team.queueA.id });
    await expectError(tagTicket(team.alice.token, waiting, [vip.id]), 403, "ERR_NO_PERMISSION");
    // Nobody writes in a closed ticket.
    const closed = await seed({ status: "closed", userId: team.alice.id, queueId: team.queueA.id });
    await expectError(tagTicket(admin, closed, [vip.id]), 403, "ERR_NO_PERMISSION");

    const byAdmin = await tagTicket(admin, id, [vip.id]);
    expect((byAdmin.json() as TicketResponse).ticket.tags).toEqual([vip]);
    const shown = await server.request({ method: "GET", url: `/api/tickets/${id}`, token: team.alice.token });
    expect(shown.json().ticket.tags).toEqual([vip]);
    expect((await tagTicket(team.alice.token, id, [])).json().ticket.tags).toEqual([]);
  });

  it("keeps the ticket's place in the lists (a label is not activity)", async () => {
    const tag = await createTag();
    const id = await seed({ status: "open", userId: team.alice.id });
    const before = (await server.request({ method: "GET", url: `/api/tickets/${id}`, token: admin })).json().ticket.updatedAt;
    expect((await tagTicket(admin, id, [tag.id])).json().ticket.updatedAt).toBe(before);
  });

  it("refuses an unknown tag, changing nothing, and validates the list", async () => {
    const tag = await createTag();
    const id = await seed({ status: "open", userId: team.alice.id });
    await tagTicket(admin, id, [tag.id]);
    await expectError(tagTicket(admin, id, [999_999]), 404, "ERR_NO_TAG_FOUND");
    expect((await server.request({ method: "GET", url: `/api/tickets/${id}`, token: admin })).json().ticket.tags).toEqual([tag]);
    await expectError(tagTicket(admin, id, "1"), 400, "ERR_MISSING_VALUES");
    await expectError(tagTicket(admin, id, Array.from({ length: 21 }, (_, i) => i + 1)), 400, "ERR_MISSING_VALUES");
    await expectError(tagTicket(admin, 999_999, [tag.id]), 404, "ERR_NO_TICKET_FOUND");
  });
});

describe("PUT /api/contacts/:id/tags", () => {
  it("lets every user who edits contacts set a contact's tags; the contact carries them everywhere", async () => {
    const [gold, lead] = [await createTag("Gold contact"), await createTag("Lead contact")];
    const contact = await createContact(server, admin);
    expect(contact.tags).toEqual([]);
    for (const person of [team.alice, team.bob]) {
      const response = await tagContact(person.token, contact.id, [lead.id, gold.id]);
      expect(response.statusCode, response.body).toBe(200);
      expect(contactSchema.parse(response.json()).tags).toEqual([gold, lead]);
    }
    expect((await server.request({ method: "GET", url: `/api/contacts/${contact.id}`, token: team.carol.token })).json().tags).toEqual([gold, lead]);
    // A ticket's contact shows them too.
    const id = await seed({ status: "open", userId: team.alice.id, contactId: contact.id });
    const ticket = (await server.request({ method: "GET", url: `/api/tickets/${id}`, token: team.alice.token })).json().ticket;
    expect(ticket.contact.tags).toEqual([gold, lead]);
    expect(ticket.tags).toEqual([]);

    await expectError(tagContact(team.alice.token, contact.id, [999_999]), 404, "ERR_NO_TAG_FOUND");
    await expectError(tagContact(team.alice.token, 999_999, [gold.id]), 404, "ERR_NO_CONTACT_FOUND");
    expect((await tagContact(team.alice.token, contact.id, [])).json().tags).toEqual([]);
  });
});

describe("filters by tag", () => {
  it("GET /api/tickets?tagIds keeps the tickets carrying any of them, within what the user may see", async () => {
    const [red, blue, green] = [await createTag("Red filter"), await createTag("Blue filter"), await createTag("Green filter")];
    const redOne = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id });
    const blueOne = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id });
    const both = await seed({ status: "open", userId: team.bob.id, queueId: team.queueB.id });
    await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id });
    await tagTicket(admin, redOne, [red.id]);
    await tagTicket(admin, blueOne, [blue.id]);
    await tagTicket(admin, both, [red.id, blue.id]);

    const admins = await listTickets(server, admin, { status: "open", showAll: true, tagIds: `${red.id},${blue.id}` });
    expect(idsOf(admins)).toEqual([both, blueOne, redOne]);
    expect(admins.count).toBe(3);
    expect(idsOf(await listTickets(server, admin, { status: "open", showAll: true, tagIds: `[${red.id}]` }))).toEqual([both, redOne]);
    expect((await listTickets(server, admin, { status: "open", showAll: true, tagIds: String(green.id) })).count).toBe(0);
    // Alice sees her own two, never Bob's.
    expect(idsOf(await listTickets(server, team.alice.token, { status: "open", tagIds: `${red.id},${blue.id}` }))).toEqual([blueOne, redOne]);
    // The search view (every status) narrows the same way.
    expect(idsOf(await listTickets(server, admin, { showAll: true, tagIds: String(blue.id) }))).toEqual([both, blueOne]);
    await expectError(server.request({ method: "GET", url: "/api/tickets?tagIds=1,x", token: admin }), 400, "ERR_MISSING_VALUES");
  });

  it("counts a tab filtered by tags up to limits.ticketTagCountCap and says so", async () => {
    const many = await createTag("Many");
    const cap = limits.ticketTagCountCap;
    await server.ctx.db.execute(sql`
      with ${numberedContacts("Bulk labelled", "5573", cap + 2)}, t as (
        insert into tickets (contact_id, connection_id, status, closed_at)
        select c.id, ${team.connection.id}::int, 'closed', now() from c returning id
      )
      insert into ticket_tags (ticket_id, tag_id) select t.id, ${many.id}::int from t`);
    const page = await listTickets(server, admin, { status: "closed", showAll: true, tagIds: String(many.id) });
    expect(page).toMatchObject({ count: cap, countCapped: true });
    expect(page.tickets.every((ticket) => ticket.tags.some((tag) => tag.id === many.id))).toBe(true);
    // Without the filter the tab counts on, to its own cap.
    expect((await listTickets(server, admin, { status: "closed", showAll: true })).count).toBeGreaterThan(cap);
  });

  it("GET /api/contacts?tagIds keeps the contacts carrying any of them, with a search too", async () => {
    const [vip, lead] = [await createTag("VIP list"), await createTag("Lead list")];
    const ann = await createContact(server, admin, { name: "Ann Tagged" });
    const ben = await createContact(server, admin, { name: "Ben Tagged" });
    await createContact(server, admin, { name: "Cid Tagged" });
    await tagContact(admin, ann.id, [vip.id]);
    await tagContact(admin, ben.id, [lead.id, vip.id]);
    const list = async (query: string) =>
      ((await server.request({ method: "GET", url: `/api/contacts?${query}`, token: team.bob.token })).json().contacts as Contact[]).map((c) => c.name);
    expect(await list(`tagIds=${vip.id}`)).toEqual(["Ann Tagged", "Ben Tagged"]);
    expect(await list(`tagIds=${lead.id}`)).toEqual(["Ben Tagged"]);
    expect(await list(`tagIds=${lead.id},${vip.id}&searchParam=ann`)).toEqual(["Ann Tagged"]);
    expect(await list("searchParam=tagged")).toEqual(["Ann Tagged", "Ben Tagged", "Cid Tagged"]);
  });
});

describe("GET /api/tags/:id/usage and DELETE /api/tags/:id", () => {
  it("counts the tickets and contacts carrying a tag, and deleting it takes it off all of them", async () => {
    const doomed = await createTag("Doomed");
    const kept = await createTag("Kept");
    const first = await seed({ status: "open", userId: team.alice.id });
    const second = await seed({ status: "open", userId: team.bob.id });
    const contact = await createContact(server, admin);
    await tagTicket(admin, first, [doomed.id, kept.id]);
    await tagTicket(admin, second, [doomed.id]);
    await tagContact(admin, contact.id, [doomed.id]);
    expect((await server.request({ method: "GET", url: `/api/tags/${doomed.id}/usage`, token: admin })).json()).toEqual({ tickets: 2, contacts: 1 });

    expect((await server.request({ method: "DELETE", url: `/api/tags/${doomed.id}`, token: admin })).json()).toEqual({ ok: true });
    const ticket = (await server.request({ method: "GET", url: `/api/tickets/${first}`, token: admin })).json().ticket;
    expect(ticket.tags).toEqual([kept]);
    expect((await server.request({ method: "GET", url: `/api/contacts/${contact.id}`, token: admin })).json().tags).toEqual([]);
    expect(names((await server.request({ method: "GET", url: "/api/tags", token: admin })).json())).not.toContain("Doomed");
    await expectError(server.request({ method: "GET", url: `/api/tags/${doomed.id}/usage`, token: admin }), 404, "ERR_NO_TAG_FOUND");
    // Its name is free again.
    expect((await createTag("doomed")).name).toBe("doomed");
  });
});
