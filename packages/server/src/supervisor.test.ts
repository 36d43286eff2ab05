import type { Chat, ChatPage, Ticket } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChat } from "./test/chat-fixtures.js";
import { createTag } from "./test/automation-fixtures.js";
import { createTestServer, type TestServer } from "./test/harness.js";
import { expectRefused, type RouteCall } from "./test/route-guards.js";
import { idsOf, listTickets, putTicket, seedTeam, seedTicket, type Person, type Team } from "./test/ticket-fixtures.js";

/**
 * The supervisor profile (issue 34, docs/decisions/0099): every ticket and chat like an admin's
 * show-all, transfers, closes and reopens anyone's ticket, reads reports and the live monitor —
 * and is refused every administration route, as an attendant is.
 */

let server: TestServer;
let admin: string;
let team: Team;
let supervisor: Person;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  team = await seedTeam(server, admin);
  supervisor = await server.createUser({ name: "Sam Supervisor", profile: "supervisor" });
});
afterAll(() => server.close());

const seed = (input: Omit<Parameters<typeof seedTicket>[1], "connectionId">) => seedTicket(server, { connectionId: team.connection.id, ...input });

async function moved(id: number, payload: object): Promise<Ticket> {
  const response = await putTicket(server, supervisor.token, id, payload);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { ticket: Ticket }).ticket;
}

describe("a supervisor on tickets", () => {
  it("lists another queue's tickets with show-all, and opens them, though in no queue", async () => {
    const waiting = await seed({ status: "pending", queueId: team.queueB.id });
    const bobs = await seed({ status: "open", userId: team.bob.id, queueId: team.queueB.id });
    expect(idsOf(await listTickets(server, supervisor.token, { showAll: true, status: "open" }))).toContain(bobs);
    expect(idsOf(await listTickets(server, supervisor.token, { showAll: true, status: "pending" }))).toContain(waiting);
    // Without show-all their own work: nothing of queue B's.
    expect(idsOf(await listTickets(server, supervisor.token, { status: "open" }))).not.toContain(bobs);
    const opened = await server.request({ method: "GET", url: `/api/tickets/${bobs}`, token: supervisor.token });
    expect(opened.statusCode).toBe(200);
    expect((await server.request({ method: "GET", url: `/api/messages/${bobs}`, token: supervisor.token })).statusCode).toBe(200);
  });

  it("transfers anyone's ticket to a user and to a queue, closes it and reopens it", async () => {
    const id = await seed({ status: "open", userId: team.bob.id, queueId: team.queueB.id });
    expect(await moved(id, { userId: team.alice.id, action: "transferOwner" })).toMatchObject({ userId: team.alice.id });
    expect(await moved(id, { queueId: team.queueA.id, userId: null, status: "pending", action: "updateQueue" })).toMatchObject({ queueId: team.queueA.id, status: "pending" });
    const other = await seed({ status: "open", userId: team.bob.id, queueId: team.queueB.id });
    expect(await moved(other, { status: "closed", action: "closed" })).toMatchObject({ status: "closed" });
    expect(await moved(other, { status: "open", action: "assigned" })).toMatchObject({ status: "open", userId: supervisor.id });
  });

  it("does not write in someone else's conversation nor delete a ticket", async () => {
    const id = await seed({ status: "open", userId: team.bob.id, queueId: team.queueB.id });
    const write = await server.request({ method: "POST", url: `/api/messages/${id}`, token: supervisor.token, payload: { body: "Hello" } });
    expect([write.statusCode, write.json().error]).toEqual([403, "ERR_NO_PERMISSION"]);
    await expectRefused(server, [{ method: "DELETE", url: `/api/tickets/${id}` }], supervisor.token, 403, "ERR_NO_PERMISSION");
  });
});

describe("a supervisor on chats, reports and the monitor", () => {
  it("reads every internal chat with show-all, and writes in none they are not in", async () => {
    const chat: Chat = await createChat(server, team.alice.token, { participantIds: [team.bob.id] });
    const page = (await server.request({ method: "GET", url: "/api/chats?showAll=true", token: supervisor.token })).json() as ChatPage;
    expect(page.chats.map((c) => c.id)).toContain(chat.id);
    expect((await server.request({ method: "GET", url: `/api/chats/${chat.id}`, token: supervisor.token })).statusCode).toBe(200);
    await expectRefused(server, [{ method: "POST", url: `/api/chatmessages/${chat.id}`, payload: { body: "Hi" } }], supervisor.token, 403, "ERR_NO_PERMISSION");
  });

  it("reads reports, their CSV and charts, and the live monitor", async () => {
    for (const url of ["/api/reports/tickets?startDate=2026-10-01", "/api/reports/tickets?startDate=2026-10-01&action=download", "/api/reports/charts?startDate=2026-10-01", "/api/monitor"]) {
      const response = await server.request({ method: "GET", url, token: supervisor.token });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
  });
});

describe("a supervisor and the administration", () => {
  it("is refused users, connections, settings, routing, automation and team data's writes (403 ERR_NO_PERMISSION)", async () => {
    const tag = await createTag(server, admin);
    const doomed = await seed({ status: "closed", userId: team.bob.id });
    const connection = `/api/whatsapp/${team.connection.id}`;
    const calls: RouteCall[] = [
      // Users
      { method: "GET", url: "/api/users" },
      { method: "POST", url: "/api/users", payload: { name: "New One", email: "new.one@atendo.test", password: "password-123" } },
      { method: "PUT", url: `/api/users/${team.alice.id}`, payload: { name: "Renamed" } },
      { method: "PUT", url: `/api/users/${supervisor.id}`, payload: { profile: "admin" } },
      { method: "DELETE", url: `/api/users/${team.alice.id}` },
      // Connections
      { method: "GET", url: connection },
      { method: "DELETE", url: connection },
      { method: "POST", url: `/api/whatsappsession/${team.connection.id}` },
      { method: "DELETE", url: `/api/whatsappsession/${team.connection.id}` },
      { method: "GET", url: "/api/connection-incidents" },
      // Settings
      { method: "GET", url: "/api/settings" },
      { method: "PUT", url: "/api/settings/userCreation", payload: { value: "enabled" } },
      // Routing: queues, menus, announcements, monitorings, bots, destinations
      { method: "POST", url: "/api/queue", payload: { name: "Supervisor's queue", color: "#123456" } },
      { method: "PUT", url: `/api/queue/${team.queueA.id}`, payload: { name: "Renamed" } },
      { method: "DELETE", url: `/api/queue/${team.queueA.id}` },
      { method: "GET", url: "/api/uras" },
      { method: "GET", url: "/api/announcements" },
      { method: "GET", url: "/api/monitorings" },
      { method: "GET", url: "/api/bots" },
      { method: "GET", url: "/api/destinationtype" },
      // Automation
      { method: "GET", url: "/api/automations" },
      { method: "GET", url: "/api/campaigns" },
      // Labels, contacts' bulk work, deletes, About, feedback
      { method: "POST", url: "/api/tags", payload: { name: "Supervised", color: "#F44336" } },
      { method: "PUT", url: `/api/tags/${tag.id}`, payload: { name: "Renamed" } },
      { method: "DELETE", url: `/api/tags/${tag.id}` },
      { method: "GET", url: "/api/contacts/export" },
      { method: "GET", url: "/api/contacts/duplicates" },
      { method: "GET", url: "/api/contact-import/ongoing" },
      { method: "DELETE", url: `/api/tickets/${doomed}` },
      { method: "GET", url: "/api/about" },
      { method: "GET", url: "/api/feedback" },
    ];
    await expectRefused(server, calls, supervisor.token, 403, "ERR_NO_PERMISSION");
  });

  it("is counted in About apart from the administrators", async () => {
    const about = (await server.request({ method: "GET", url: "/api/about", token: admin })).json() as { supervisors: number; administrators: number };
    expect(about.supervisors).toBe(1);
    expect(about.administrators).toBe(1);
  });

  it("is made and unmade by an admin in the user form", async () => {
    const made = await server.request({ method: "PUT", url: `/api/users/${team.carol.id}`, token: admin, payload: { profile: "supervisor" } });
    expect(made.json()).toMatchObject({ profile: "supervisor" });
    const carolAgain = await server.login(team.carol.email, team.carol.password);
    expect((await server.request({ method: "GET", url: "/api/monitor", token: carolAgain.token })).statusCode).toBe(200);
    const unmade = await server.request({ method: "PUT", url: `/api/users/${team.carol.id}`, token: admin, payload: { profile: "user" } });
    expect(unmade.json()).toMatchObject({ profile: "user" });
    await expectRefused(server, [{ method: "GET", url: "/api/monitor" }], carolAgain.token, 403, "ERR_NO_PERMISSION");
  });
});
