import { weekTime, type TicketEvent, type WeeklyHours } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { inbound, uniqueNumber } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { useLiveServer } from "../../test/live-server.js";
import { connectionTo, conversation, createUra, menuRows, to } from "../../test/routing-fixtures.js";
import { nextEvent } from "../../test/socket-client.js";
import { openTestDatabase } from "../../test/test-database.js";
import { putTicket } from "../../test/ticket-fixtures.js";
import { customerText } from "./customer-texts.js";

const live = useLiveServer();

describe("close by message", () => {
  it("the customer's close code ends an open ticket: farewell sent, announced as closedByMessageCode", async () => {
    const { server, admin, sockets } = live;
    const queue = await createQueue(server, admin);
    const connection = await connectionTo(server, admin, to("queue", queue.id), { canCloseTicketByMessage: true, closeCode: "#", farewellMessage: "Bye, thanks!" });
    const number = uniqueNumber();
    const { ticketId } = await inbound(server, connection, { from: { number }, body: "my order is late" });
    expect((await putTicket(server, admin, ticketId, { status: "open", action: "assigned" })).statusCode).toBe(200);
    const socket = await sockets.connect(admin);
    const event = nextEvent<TicketEvent>(socket, "ticket");
    await inbound(server, connection, { from: { number }, body: " # " });
    expect(await event).toMatchObject({ action: "closedByMessageCode", ticket: { id: ticketId, status: "closed" } });
    const { bodies } = await conversation(server, admin, ticketId);
    expect(bodies.slice(-2)).toEqual([" # ", "Bye, thanks!"]);
    // The next message starts a new conversation.
    expect((await inbound(server, connection, { from: { number }, body: "hi again" })).ticketId).not.toBe(ticketId);
  });

  it("is listed in menus and ends a conversation still in one; off, the code is an ordinary message", async () => {
    const { server, admin } = live;
    const queue = await createQueue(server, admin);
    const menu = await createUra(server, admin, to("queue", queue.id), { description: "Menu", ...menuRows(["1", "Sales", to("queue", queue.id)]) });
    const closing = await connectionTo(server, admin, to("uras", menu.id), { canCloseTicketByMessage: true, closeCode: "sair" });
    const number = uniqueNumber();
    const { ticketId } = await inbound(server, closing, { from: { number }, body: "hi" });
    expect((await conversation(server, admin, ticketId)).bodies[1]).toBe(`Menu\n\n1 - Sales\nsair - ${customerText("en", "endConversation")}`);
    await inbound(server, closing, { from: { number }, body: "SAIR" });
    expect((await conversation(server, admin, ticketId)).ticket).toMatchObject({ status: "closed", ura: null });

    const plain = await connectionTo(server, admin, to("queue", queue.id));
    const other = uniqueNumber();
    const open = await inbound(server, plain, { from: { number: other }, body: "hi" });
    await inbound(server, plain, { from: { number: other }, body: "#" });
    expect((await conversation(server, admin, open.ticketId)).ticket.status).toBe("pending");
  });
});

/** Open all day on the given weekdays (0 = Sunday), closed the others. */
function openOn(...days: number[]): WeeklyHours {
  return Array.from({ length: 7 }, (_, day) => (days.includes(day) ? [{ start: "00:00", end: "24:00" }] : []));
}

describe("business hours", () => {
  it("a closed queue: its out-of-hours message instead of the greeting, the ticket waits marked out of hours", async () => {
    const { server, admin } = live;
    const queue = await createQueue(server, admin, { greetingMessage: "Hello!", businessHours: openOn(), outOfHoursMessage: "We open at 8." });
    const { ticketId } = await inbound(server, await connectionTo(server, admin, to("queue", queue.id)), { body: "anyone?" });
    const { ticket, bodies } = await conversation(server, admin, ticketId);
    expect(ticket).toMatchObject({ status: "pending", queueId: queue.id, outOfHours: true });
    expect(bodies).toEqual(["anyone?", "We open at 8."]);
    // Accepting it in the morning clears the mark.
    const accepted = await putTicket(server, admin, ticketId, { status: "open", action: "assigned" });
    expect(accepted.json().ticket.outOfHours).toBe(false);
  });

  it("an open queue greets as usual", async () => {
    const { server, admin } = live;
    const queue = await createQueue(server, admin, { greetingMessage: "Hello!", businessHours: openOn(0, 1, 2, 3, 4, 5, 6), outOfHoursMessage: "Closed." });
    const { ticketId } = await inbound(server, await connectionTo(server, admin, to("queue", queue.id)), { body: "hi" });
    expect(await conversation(server, admin, ticketId)).toMatchObject({ ticket: { outOfHours: false }, bodies: ["hi", "Hello!"] });
  });

  it("a closed connection: its message first, then its destination as usual, marked out of hours", async () => {
    const { server, admin } = live;
    const queue = await createQueue(server, admin, { greetingMessage: "Hello!" });
    const connection = await connectionTo(server, admin, to("queue", queue.id), { businessHours: openOn(), outOfHoursMessage: "The line is closed now." });
    const { ticketId } = await inbound(server, connection, { body: "hi" });
    expect(await conversation(server, admin, ticketId)).toMatchObject({ ticket: { outOfHours: true, queueId: queue.id }, bodies: ["hi", "The line is closed now.", "Hello!"] });
  });

  it("reads the day on the install's clock (TIME_ZONE), not the server's", async () => {
    // UTC+14 and UTC-11 are always 25 hours apart: their weekdays never meet. Open on Kiritimati's
    // day and the next (the test may cross its midnight): open there, closed in Pago Pago.
    const today = weekTime(new Date(), "Pacific/Kiritimati").day;
    const hours = openOn(today, (today + 1) % 7);
    const outcome = async (timeZone: string) => {
      const server = await createTestServer({ TIME_ZONE: timeZone });
      try {
        const admin = await server.adminToken();
        const queue = await createQueue(server, admin, { businessHours: hours, outOfHoursMessage: "closed" });
        const { ticketId } = await inbound(server, await connectionTo(server, admin, to("queue", queue.id)));
        return (await conversation(server, admin, ticketId)).ticket.outOfHours;
      } finally {
        await server.close();
      }
    };
    expect(await outcome("Pacific/Kiritimati")).toBe(false);
    expect(await outcome("Pacific/Pago_Pago")).toBe(true);
  });
});

describe("a menu across a restart", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it("goes on from the step stored in the database, on another instance", async () => {
    const first: TestServer = await createTestServer({}, { database });
    const admin = await first.adminToken();
    const queue = await createQueue(first, admin);
    const sub = await createUra(first, admin, to("queue", queue.id), { description: "Sub", ...menuRows(["1", "Queue", to("queue", queue.id)]) });
    const main = await createUra(first, admin, to("queue", queue.id), { description: "Main", ...menuRows(["2", "More", to("uras", sub.id)]) });
    const connection = await connectionTo(first, admin, to("uras", main.id));
    const number = uniqueNumber();
    const { ticketId } = await inbound(first, connection, { from: { number }, body: "hi" });
    await inbound(first, connection, { from: { number }, body: "2" });
    await first.close();

    const second = await createTestServer({}, { database });
    try {
      await inbound(second, connection, { from: { number }, body: "1" });
      const { ticket } = await conversation(second, await second.adminToken(), ticketId);
      expect(ticket).toMatchObject({ queueId: queue.id, ura: null, status: "pending" });
    } finally {
      await second.close();
    }
  });
});
