import type { Connection, MessagePage, MoveConnectionResult, PublicSendResponse, ShowTicketResponse, TicketEvent } from "@atendo/contracts";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaigns, connectionIncidents, connections, messages, schedules, tickets, users } from "../../db/schema/index.js";
import { createCampaign } from "../../test/campaign-fixtures.js";
import { createContact } from "../../test/fixtures.js";
import { postSchedule } from "../../test/schedule-fixtures.js";
import { createConnection, uniqueNumber } from "../../test/channel-fixtures.js";
import { apiTokenOf, connectedConnection, sendApi } from "../../test/send-api-fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectError, expectRefused } from "../../test/route-guards.js";
import { connectSocket, recordEvents } from "../../test/socket-client.js";
import { seedTeam, seedTicket, type Team } from "../../test/ticket-fixtures.js";
import { waitFor } from "../../test/wait-for.js";

/** Issue 31: moving a banned or replaced number's customers to another connection, in one admin action. */
let server: TestServer;
let admin: string;
let baseUrl: string;
let team: Team;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  baseUrl = await server.listen();
  team = await seedTeam(server, admin);
});
afterAll(() => server.close());

const move = (id: number | string, payload: object, token: string | undefined = admin) => server.request({ method: "POST", url: `/api/whatsapp/${id}/move`, token, payload });
const newConnection = (label: string) => createConnection(server, admin, { label, destinationType: "queue", destinationItem: team.queueA.id });
const connectionRow = async (id: number) => (await server.ctx.db.select().from(connections).where(eq(connections.id, id)))[0]!;

describe("POST /api/whatsapp/:id/move", () => {
  it("refuses anonymous callers, attendants, unknown ids, the same connection and malformed bodies", async () => {
    const other = await newConnection("Guards target");
    const call = [{ method: "POST" as const, url: `/api/whatsapp/${team.connection.id}/move`, payload: { toWhatsappId: other.id } }];
    await expectRefused(server, call, anonymous, 401, "ERR_SESSION_EXPIRED");
    await expectRefused(server, call, team.alice.token, 403, "ERR_NO_PERMISSION");
    await expectError(move(999_999, { toWhatsappId: other.id }), 404, "ERR_NO_WAPP_FOUND");
    await expectError(move(team.connection.id, { toWhatsappId: 999_999 }), 404, "ERR_NO_WAPP_FOUND");
    await expectError(move(other.id, { toWhatsappId: other.id }), 400, "ERR_CONNECTION_MOVE_TARGET");
    for (const payload of [{}, { toWhatsappId: "x" }, { toWhatsappId: -1 }, { toWhatsappId: 1.5 }]) {
      await expectError(move(team.connection.id, payload), 400, "ERR_MISSING_VALUES");
    }
    await expectError(move("abc", { toWhatsappId: other.id }), 400, "ERR_MISSING_VALUES");
    // Nothing moved.
    expect((await connectionRow(team.connection.id)).replacedById).toBeNull();
  });

  it("moves the active tickets and future routing, keeps the closed ones where they were, and tells attendants", async () => {
    const source = await newConnection("Banned number");
    const target = await newConnection("New number");
    await server.ctx.db.update(connections).set({ isDefault: false });
    await server.ctx.db.update(connections).set({ isDefault: true }).where(eq(connections.id, source.id));
    await server.ctx.db.update(users).set({ whatsappId: source.id }).where(eq(users.id, team.bob.id));

    const waiting = await seedTicket(server, { connectionId: source.id, status: "pending", queueId: team.queueA.id, contactName: "Waiting" });
    const talking = await seedTicket(server, { connectionId: source.id, status: "open", userId: team.alice.id, queueId: team.queueA.id, contactName: "Talking", messages: ["Hi"] });
    const history = await seedTicket(server, { connectionId: source.id, status: "closed", userId: team.alice.id, contactName: "History", messages: ["Old question", "Old answer"] });
    // This contact already talks on the target: that conversation goes on, the source's closes.
    const both = await seedTicket(server, { connectionId: target.id, status: "open", userId: team.alice.id, contactName: "Both" });
    const [{ contactId }] = (await server.ctx.db.select({ contactId: tickets.contactId }).from(tickets).where(eq(tickets.id, both))) as [{ contactId: number }];
    const duplicate = await seedTicket(server, { connectionId: source.id, status: "pending", queueId: team.queueA.id, contactId });
    const [queued] = await server.ctx.db
      .insert(messages)
      .values({ ticketId: talking, connectionId: source.id, body: "Not sent yet", fromMe: true, dispatchAt: new Date(Date.now() + 60_000) })
      .returning({ id: messages.id });

    // The banned number was alerted as down: once its customers move, its alert is over.
    await server.ctx.db.insert(connectionIncidents).values({ connectionId: source.id, leftAt: new Date(Date.now() - 600_000), alertedAt: new Date(Date.now() - 300_000) });
    const alerts = async () => ((await server.request({ method: "GET", url: "/api/connection-incidents", token: admin })).json() as { whatsappId: number }[]).map((incident) => incident.whatsappId);
    expect(await alerts()).toEqual([source.id]);

    const alice = await connectSocket(baseUrl, team.alice.token);
    const heard = recordEvents<TicketEvent>(alice, "ticket");
    try {
      const response = await move(source.id, { toWhatsappId: target.id });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual<MoveConnectionResult>({ moved: 2, closed: 1, usersMoved: 1, defaultMoved: true });
      await waitFor(() => heard.some((event) => event.action === "update" && "ticket" in event && event.ticket.id === talking), "the moved ticket's event");
      const moved = heard.find((event) => event.action === "update" && "ticket" in event && event.ticket.id === talking);
      expect(moved).toMatchObject({ ticket: { whatsappId: target.id, status: "open", userId: team.alice.id } });
    } finally {
      alice.close();
    }

    const rows = await server.ctx.db.select({ id: tickets.id, status: tickets.status, connectionId: tickets.connectionId, userId: tickets.userId }).from(tickets).where(inArray(tickets.id, [waiting, talking, history, both, duplicate]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(waiting)).toMatchObject({ status: "pending", connectionId: target.id });
    expect(byId.get(talking)).toMatchObject({ status: "open", connectionId: target.id, userId: team.alice.id });
    expect(byId.get(history)).toMatchObject({ status: "closed", connectionId: source.id });
    expect(byId.get(both)).toMatchObject({ status: "open", connectionId: target.id });
    expect(byId.get(duplicate)).toMatchObject({ status: "closed", connectionId: source.id });

    expect(await alerts()).toEqual([]);
    // History reads as it was, on its old connection.
    const shown = (await server.request({ method: "GET", url: `/api/tickets/${history}`, token: admin })).json() as ShowTicketResponse;
    expect(shown.ticket).toMatchObject({ status: "closed", whatsappId: source.id });
    const page = (await server.request({ method: "GET", url: `/api/messages/${history}`, token: admin })).json() as MessagePage;
    expect(page.messages.map((message) => message.body)).toEqual(["Old question", "Old answer"]);
    // The queued reply leaves through the new number.
    const [pending] = await server.ctx.db.select({ connectionId: messages.connectionId }).from(messages).where(eq(messages.id, queued!.id));
    expect(pending?.connectionId).toBe(target.id);

    // Future routing: the default, Bob's connection, and the source marked as replaced.
    expect(await connectionRow(source.id)).toMatchObject({ isDefault: false, replacedById: target.id });
    expect(await connectionRow(target.id)).toMatchObject({ isDefault: true, replacedById: null });
    const [bob] = await server.ctx.db.select({ whatsappId: users.whatsappId }).from(users).where(eq(users.id, team.bob.id));
    expect(bob?.whatsappId).toBe(target.id);
    const listed = (await server.request({ method: "GET", url: "/api/whatsapp", token: admin })).json() as Connection[];
    expect(listed.find((connection) => connection.id === source.id)?.replacedById).toBe(target.id);

    // Moving the customers back makes the old number serve again.
    const back = await move(target.id, { toWhatsappId: source.id });
    expect(back.json()).toMatchObject({ moved: 3, closed: 0, defaultMoved: true });
    expect(await connectionRow(source.id)).toMatchObject({ isDefault: true, replacedById: null });
    expect(await connectionRow(target.id)).toMatchObject({ isDefault: false, replacedById: source.id });
  });

  it("moves a connection with no customers: only routing changes", async () => {
    const source = await newConnection("Empty");
    const target = await newConnection("Empty target");
    const response = await move(source.id, { toWhatsappId: target.id });
    expect(response.json()).toEqual({ moved: 0, closed: 0, usersMoved: 0, defaultMoved: false });
    expect((await connectionRow(source.id)).replacedById).toBe(target.id);
  });

  it("moves what was still to leave through the source: pending schedules and unfinished campaigns", async () => {
    const source = await newConnection("Scheduled source");
    const target = await newConnection("Scheduled target");
    const contact = await createContact(server, admin);
    const pending = await postSchedule(server, admin, { contactId: contact.id, whatsappId: source.id });
    const sent = await postSchedule(server, admin, { contactId: contact.id, whatsappId: source.id, body: "Already gone" });
    await server.ctx.db.update(schedules).set({ status: "sent" }).where(eq(schedules.id, sent.id));
    const draft = await createCampaign(server, admin, { whatsappId: source.id });
    const finished = await createCampaign(server, admin, { whatsappId: source.id, name: "Last week" });
    await server.ctx.db.update(campaigns).set({ status: "completed" }).where(eq(campaigns.id, finished.id));
    expect((await move(source.id, { toWhatsappId: target.id })).statusCode).toBe(200);
    const scheduleConnections = await server.ctx.db.select({ id: schedules.id, connectionId: schedules.connectionId }).from(schedules).where(inArray(schedules.id, [pending.id, sent.id]));
    expect(Object.fromEntries(scheduleConnections.map((row) => [row.id, row.connectionId]))).toEqual({ [pending.id]: target.id, [sent.id]: source.id });
    const campaignConnections = await server.ctx.db.select({ id: campaigns.id, connectionId: campaigns.connectionId }).from(campaigns).where(inArray(campaigns.id, [draft.id, finished.id]));
    expect(Object.fromEntries(campaignConnections.map((row) => [row.id, row.connectionId]))).toEqual({ [draft.id]: target.id, [finished.id]: source.id });
  });

  it("sends through the replacement when the send API names the replaced connection", async () => {
    const source = await connectedConnection(server, admin, { label: "Old API line", destinationType: "queue", destinationItem: team.queueA.id });
    const target = await connectedConnection(server, admin, { label: "New API line", destinationType: "queue", destinationItem: team.queueA.id });
    expect((await move(source.id, { toWhatsappId: target.id })).statusCode).toBe(200);
    const apiToken = await apiTokenOf(server, admin);
    for (const naming of [{ whatsappId: source.id }, { connectionName: "Old API line" }]) {
      const response = await sendApi(server, apiToken, { number: uniqueNumber(), body: "Still reaching you", ...naming });
      expect(response.statusCode, response.body).toBe(201);
      expect((response.json() as PublicSendResponse).ticket.whatsappId).toBe(target.id);
    }
  });
});
