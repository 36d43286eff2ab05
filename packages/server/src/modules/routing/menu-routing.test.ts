import type { Connection, Queue } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestInbound } from "../../channels/pipeline/ingest.js";
import { inbound, uniqueNumber } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { connectionTo, conversation, createUra, menuRows, to } from "../../test/routing-fixtures.js";
import { idsOf, listTickets, putTicket } from "../../test/ticket-fixtures.js";
import { customerText } from "./customer-texts.js";

let server: TestServer;
let admin: string;
let sales: Queue;
let support: Queue;
let member: Awaited<ReturnType<TestServer["createUser"]>>;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  member = await server.createUser({ name: "Queue Member" });
  sales = await createQueue(server, admin, { name: "Sales", greetingMessage: "Sales here, hello!", userIds: [member.id] });
  support = await createQueue(server, admin, { name: "Support", userIds: [member.id] });
});
afterAll(() => server.close());

/** A two-option menu (`1` Sales, `2` Support) on a new API connection. */
async function menuLine(extra: { directDial?: boolean } = {}): Promise<{ connection: Connection; menuId: number }> {
  const menu = await createUra(server, admin, to("queue", sales.id), {
    description: "Welcome to ACME.",
    ...menuRows(["1", "Sales", to("queue", sales.id)], ["2", "Support", to("queue", support.id)]),
    ...extra,
  });
  return { connection: await connectionTo(server, admin, to("uras", menu.id)), menuId: menu.id };
}

/** One customer of a connection: `say` sends the next message and returns the ticket id. */
function customer(connection: Connection) {
  const number = uniqueNumber();
  return { say: async (body: string) => (await inbound(server, connection, { from: { number, name: "Walker" }, body })).ticketId };
}

const menuText = "Welcome to ACME.\n\n1 - Sales\n2 - Support";

describe("a connection routed to a menu", () => {
  it("sends the menu and holds the ticket in the automated stage, out of attendants' lists", async () => {
    const { connection, menuId } = await menuLine();
    const ticketId = await customer(connection).say("Hi");
    const { ticket, bodies, messages } = await conversation(server, admin, ticketId);
    expect(ticket).toMatchObject({ status: "pending", queueId: null, userId: null, ura: { id: menuId } });
    expect(bodies).toEqual(["Hi", menuText]);
    expect(messages[1]).toMatchObject({ fromMe: true, mediaType: "chat-automatic" });

    // Nobody's work yet: not in an attendant's pending list (no queue means "everyone" otherwise), hidden when opened.
    expect(idsOf(await listTickets(server, member.token, { status: "pending" }))).not.toContain(ticketId);
    const shown = await server.request({ method: "GET", url: `/api/tickets/${ticketId}`, token: member.token });
    expect(shown.json().hasPermission).toBe(false);
    // Admins see it with show-all.
    expect(idsOf(await listTickets(server, admin, { status: "pending", showAll: true }))).toContain(ticketId);
  });

  it("continues at the chosen option: trimmed, any case, trailing punctuation ignored", async () => {
    const { connection } = await menuLine();
    const walker = customer(connection);
    const ticketId = await walker.say("hello");
    await walker.say("  1. ");
    const { ticket, bodies } = await conversation(server, admin, ticketId);
    expect(ticket).toMatchObject({ status: "pending", queueId: sales.id, ura: null });
    expect(bodies).toEqual(["hello", menuText, "  1. ", "Sales here, hello!"]);
    // Now in the queue: its members see it.
    expect(idsOf(await listTickets(server, member.token, { status: "pending" }))).toContain(ticketId);
  });

  it("matches letters regardless of case", async () => {
    const menu = await createUra(server, admin, to("queue", sales.id), { ...menuRows(["A", "Sales", to("queue", sales.id)], ["b", "Support", to("queue", support.id)]) });
    const walker = customer(await connectionTo(server, admin, to("uras", menu.id)));
    const ticketId = await walker.say("hi");
    await walker.say("B!");
    expect((await conversation(server, admin, ticketId)).ticket).toMatchObject({ queueId: support.id, ura: null });
  });

  it("re-sends the menu on an unrecognised answer, and after three falls back to waiting with no queue", async () => {
    const { connection } = await menuLine();
    const walker = customer(connection);
    const ticketId = await walker.say("hi");
    const retry = `${customerText("en", "optionNotRecognised")}\n\n${menuText}`;
    await walker.say("7");
    await walker.say("what?");
    expect((await conversation(server, admin, ticketId)).bodies).toEqual(["hi", menuText, "7", retry, "what?", retry]);
    expect((await conversation(server, admin, ticketId)).ticket.ura).not.toBeNull();
    await walker.say("3");
    const { ticket, bodies } = await conversation(server, admin, ticketId);
    expect(bodies.at(-1)).toBe(customerText("en", "handedToTeam"));
    expect(ticket).toMatchObject({ status: "pending", queueId: null, userId: null, ura: null });
    // Every attendant sees a pending ticket with no queue: nobody is stuck.
    const outsider = await server.createUser();
    expect(idsOf(await listTickets(server, outsider.token, { status: "pending" }))).toContain(ticketId);
  });

  it("dials an attendant's extension directly when directDial is on (options first)", async () => {
    const agent = await server.createUser({ name: "Extension Agent" });
    await server.request({ method: "PUT", url: `/api/users/${agent.id}`, token: admin, payload: { extension: "4321" } });
    const { connection } = await menuLine({ directDial: true });
    const walker = customer(connection);
    const ticketId = await walker.say("hi");
    await walker.say("4321");
    expect((await conversation(server, admin, ticketId)).ticket).toMatchObject({ status: "open", userId: agent.id, ura: null });

    const { connection: plain } = await menuLine();
    const other = customer(plain);
    const missed = await other.say("hi");
    await other.say("4321");
    expect((await conversation(server, admin, missed)).ticket).toMatchObject({ status: "pending", userId: null, ura: { id: expect.any(Number) } });
  });

  it("walks a sub-menu to a queue", async () => {
    const sub = await createUra(server, admin, to("queue", support.id), {
      name: "Support menu",
      description: "Which product?",
      ...menuRows(["1", "Phones", to("queue", support.id)], ["2", "Laptops", to("queue", sales.id)]),
    });
    const main = await createUra(server, admin, to("queue", sales.id), { description: "Main menu", ...menuRows(["1", "Sales", to("queue", sales.id)], ["2", "Support", to("uras", sub.id)]) });
    const walker = customer(await connectionTo(server, admin, to("uras", main.id)));
    const ticketId = await walker.say("hi");
    await walker.say("2");
    expect((await conversation(server, admin, ticketId)).ticket).toMatchObject({ ura: { id: sub.id, name: "Support menu" }, queueId: null });
    await walker.say("1");
    const { ticket, bodies } = await conversation(server, admin, ticketId);
    expect(ticket).toMatchObject({ ura: null, queueId: support.id, status: "pending" });
    expect(bodies).toEqual(["hi", "Main menu\n\n1 - Sales\n2 - Support", "2", "Which product?\n\n1 - Phones\n2 - Laptops", "1"]);
  });

  it("lets an admin take a ticket over mid-menu; later messages are no longer answers", async () => {
    const { connection } = await menuLine();
    const walker = customer(connection);
    const ticketId = await walker.say("hi");
    const taken = await putTicket(server, admin, ticketId, { status: "open", action: "assigned" });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().ticket).toMatchObject({ status: "open", ura: null });
    await walker.say("1");
    const { ticket, bodies } = await conversation(server, admin, ticketId);
    expect(ticket).toMatchObject({ status: "open", queueId: null });
    expect(bodies).toEqual(["hi", menuText, "1"]);
  });

  it("refuses an attendant who tries to accept a ticket still in a menu", async () => {
    const { connection } = await menuLine();
    const ticketId = await customer(connection).say("hi");
    const refused = await putTicket(server, member.token, ticketId, { status: "open", action: "assigned" });
    expect(refused.statusCode).toBe(403);
  });

  it("does not talk to groups: a group conversation skips the menu", async () => {
    const { connection } = await menuLine();
    const group = { number: uniqueNumber(), name: "Team group", isGroup: true };
    const stored = await ingestInbound(server.ctx, connection.id, { externalId: `group-${group.number}`, chat: group, sender: { number: uniqueNumber() }, fromMe: false, body: "hi all", mediaType: "chat", timestamp: new Date() });
    const ticketId = stored!.ticketId;
    const { ticket, bodies } = await conversation(server, admin, ticketId);
    expect(ticket).toMatchObject({ ura: null, status: "pending", queueId: null });
    expect(bodies).toEqual(["hi all"]);
  });
});
