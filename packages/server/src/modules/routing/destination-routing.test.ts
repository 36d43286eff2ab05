import type { TicketEvent } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { announcements, tickets } from "../../db/schema/index.js";
import { inbound, uniqueNumber } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { useLiveServer } from "../../test/live-server.js";
import { connectionTo, conversation, createAnnouncement, createMonitoring, createUra, menuRows, to } from "../../test/routing-fixtures.js";
import { nextEvent } from "../../test/socket-client.js";

const live = useLiveServer();

describe("announcements", () => {
  it("are said in order, then the conversation goes on at once to their destination", async () => {
    const { server, admin } = live;
    const queue = await createQueue(server, admin, { greetingMessage: "Queue greeting" });
    const second = await createAnnouncement(server, admin, to("queue", queue.id), { description: "We record calls." });
    const first = await createAnnouncement(server, admin, to("announcements", second.id), { description: "Opening hours changed." });
    const { ticketId } = await inbound(server, await connectionTo(server, admin, to("announcements", first.id)), { body: "hello" });
    const { ticket, bodies } = await conversation(server, admin, ticketId);
    expect(ticket).toMatchObject({ status: "pending", queueId: queue.id, ura: null });
    expect(bodies).toEqual(["hello", "Opening hours changed.", "We record calls.", "Queue greeting"]);
  });

  it("lead out of a menu too: an option pointing at an announcement then a queue", async () => {
    const { server, admin } = live;
    const queue = await createQueue(server, admin);
    const notice = await createAnnouncement(server, admin, to("queue", queue.id), { description: "Billing is closed on Fridays." });
    const menu = await createUra(server, admin, to("queue", queue.id), { description: "Menu", ...menuRows(["1", "Billing", to("announcements", notice.id)]) });
    const number = uniqueNumber();
    const connection = await connectionTo(server, admin, to("uras", menu.id));
    const { ticketId } = await inbound(server, connection, { from: { number }, body: "hi" });
    await inbound(server, connection, { from: { number }, body: "1" });
    const { ticket, bodies } = await conversation(server, admin, ticketId);
    expect(ticket).toMatchObject({ queueId: queue.id, ura: null });
    expect(bodies).toEqual(["hi", "Menu\n\n1 - Billing", "1", "Billing is closed on Fridays."]);
  });

  it("cannot hang on a loop saved behind the API's back: each said once, then the fallback", async () => {
    const { server, admin } = live;
    const queue = await createQueue(server, admin);
    const a = await createAnnouncement(server, admin, to("queue", queue.id), { description: "A" });
    const b = await createAnnouncement(server, admin, to("announcements", a.id), { description: "B" });
    // The API refuses this loop (ERR_DESTINATION_LOOP); a race of two saves could still make one.
    await server.ctx.db.update(announcements).set({ destinationType: "announcements", destinationId: b.id }).where(eq(announcements.id, a.id));
    const { ticketId } = await inbound(server, await connectionTo(server, admin, to("announcements", b.id)), { body: "loop?" });
    const { ticket, bodies } = await conversation(server, admin, ticketId);
    expect(ticket).toMatchObject({ status: "pending", queueId: null, userId: null, ura: null });
    expect(bodies).toEqual(["loop?", "B", "A"]);
  });
});

describe("monitorings", () => {
  it("open: the ticket goes to the owner (and queue) in attendance, announced as monitoringExecuted", async () => {
    const { server, admin, sockets } = live;
    const owner = await server.createUser({ name: "Watcher" });
    const queue = await createQueue(server, admin, { userIds: [owner.id] });
    const monitoring = await createMonitoring(server, admin, owner.id, { status: "open", queueId: queue.id });
    const connection = await connectionTo(server, admin, to("monitorings", monitoring.id));
    const ownerSocket = await sockets.connect(owner.token);
    const event = nextEvent<TicketEvent>(ownerSocket, "ticket");
    const { ticketId } = await inbound(server, connection, { body: "Alarm: door open" });
    expect(await event).toMatchObject({ action: "monitoringExecuted", ticket: { id: ticketId, status: "open", userId: owner.id, queueId: queue.id } });
  });

  it("closed: each message is recorded in a ticket closed at once, never reopened", async () => {
    const { server, admin } = live;
    const owner = await server.createUser({ name: "Recorder" });
    const monitoring = await createMonitoring(server, admin, owner.id, { status: "closed" });
    const connection = await connectionTo(server, admin, to("monitorings", monitoring.id));
    const number = uniqueNumber();
    const first = await inbound(server, connection, { from: { number }, body: "Temperature 41C" });
    const second = await inbound(server, connection, { from: { number }, body: "Temperature 42C" });
    expect(second.ticketId).not.toBe(first.ticketId);
    for (const { ticketId } of [first, second]) {
      const [row] = await server.ctx.db.select().from(tickets).where(eq(tickets.id, ticketId));
      expect(row).toMatchObject({ status: "closed", userId: owner.id, monitoringId: monitoring.id });
      expect(row!.closedAt).not.toBeNull();
    }
  });
});

describe("users", () => {
  it("a menu option to a user opens the ticket with that attendant, who hears of it", async () => {
    const { server, admin, sockets } = live;
    const agent = await server.createUser({ name: "Direct Agent" });
    const queue = await createQueue(server, admin);
    const menu = await createUra(server, admin, to("queue", queue.id), { ...menuRows(["9", "Talk to Ana", to("users", agent.id)]) });
    const connection = await connectionTo(server, admin, to("uras", menu.id));
    const number = uniqueNumber();
    const { ticketId } = await inbound(server, connection, { from: { number }, body: "hi" });
    const agentSocket = await sockets.connect(agent.token);
    const event = nextEvent<TicketEvent>(agentSocket, "ticket");
    await inbound(server, connection, { from: { number }, body: "9" });
    expect(await event).toMatchObject({ action: "transferOwner", ticket: { id: ticketId, status: "open", userId: agent.id, ura: null } });
  });
});
