import type { Tag } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { idsOf, listTickets, seedTeam, seedTicket, type SeedTicket, type Team } from "../../test/ticket-fixtures.js";

// GET /api/tickets?withoutTags: the board's "No label" column (docs/decisions/0075).

let server: TestServer;
let admin: string;
let team: Team;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  team = await seedTeam(server, admin);
});
afterAll(() => server.close());

const seed = (input: Omit<SeedTicket, "connectionId">) => seedTicket(server, { connectionId: team.connection.id, ...input });

async function tagged(id: number, tag: Tag): Promise<number> {
  const response = await server.request({ method: "PUT", url: `/api/tickets/${id}/tags`, token: admin, payload: { tagIds: [tag.id] } });
  expect(response.statusCode, response.body).toBe(200);
  return id;
}

describe("GET /api/tickets?withoutTags", () => {
  it("keeps the tickets carrying no label, within what the user may see, in each active tab", async () => {
    const created = await server.request({ method: "POST", url: "/api/tags", token: admin, payload: { name: "Board red", color: "#F44336" } });
    const red = created.json() as Tag;
    const alicesBare = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id });
    const alicesRed = await tagged(await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id }), red);
    const bobsBare = await seed({ status: "open", userId: team.bob.id, queueId: team.queueB.id });
    const waitingBare = await seed({ status: "pending", queueId: team.queueA.id });
    await tagged(await seed({ status: "pending", queueId: team.queueA.id }), red);
    // An untagged ticket whose last label was taken off comes back.
    const untagged = await tagged(await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id }), red);
    await server.request({ method: "PUT", url: `/api/tickets/${untagged}/tags`, token: admin, payload: { tagIds: [] } });

    const open = await listTickets(server, admin, { status: "open", showAll: true, withoutTags: true });
    expect(idsOf(open)).toEqual([untagged, bobsBare, alicesBare]);
    expect(open.count).toBe(3);
    expect(open.tickets.every((ticket) => ticket.tags.length === 0)).toBe(true);
    // Alice sees her own, never Bob's; her queue's waiting one without a label.
    expect(idsOf(await listTickets(server, team.alice.token, { status: "open", withoutTags: true }))).toEqual([untagged, alicesBare]);
    expect(idsOf(await listTickets(server, team.alice.token, { status: "pending", withoutTags: true }))).toEqual([waitingBare]);
    // Bob sees neither of queue A's.
    expect(idsOf(await listTickets(server, team.bob.token, { status: "pending", withoutTags: true }))).toEqual([]);
    // Without the flag the tab lists the labelled ones too.
    expect(idsOf(await listTickets(server, team.alice.token, { status: "open" }))).toContain(alicesRed);
    // With a tag as well, nothing can match both.
    expect((await listTickets(server, admin, { status: "open", showAll: true, withoutTags: true, tagIds: String(red.id) })).count).toBe(0);
  });
});
