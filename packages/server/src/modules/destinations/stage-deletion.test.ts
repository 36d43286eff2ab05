import type { AppMessageEvent, Connection, Queue, TicketEvent } from "@atendo/contracts";
import type { Socket } from "socket.io-client";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contacts, tickets } from "../../db/schema/index.js";
import { uniqueExternalId, uniqueNumber } from "../../test/channel-fixtures.js";
import { fakeDrivers } from "../../test/fake-driver.js";
import { createQueue } from "../../test/fixtures.js";
import { useLiveServer } from "../../test/live-server.js";
import { connectionTo, conversation, createAnnouncement, createMonitoring, createUra, menuRows, to } from "../../test/routing-fixtures.js";
import { anonymous, expectError, expectRefused } from "../../test/route-guards.js";
import { recordEvents, settle } from "../../test/socket-client.js";
import { putTicket, type Person } from "../../test/ticket-fixtures.js";
import { customerText } from "../routing/customer-texts.js";

const live = useLiveServer();
const fakes = fakeDrivers();
let sales: Queue;
let attendant: Person;
let attendantSocket: Socket;

beforeAll(async () => {
  live.server.ctx.channels.registerDriver("whatsapp", fakes.factory);
  attendant = await live.server.createUser({ name: "Stage Attendant" });
  sales = await createQueue(live.server, live.admin, { name: "Stage Sales", greetingMessage: "Sales here!", userIds: [attendant.id] });
  attendantSocket = await live.sockets.connect(attendant.token);
});

const get = (url: string, token = live.admin) => live.server.request({ method: "GET", url, token });
const del = (url: string) => live.server.request({ method: "DELETE", url, token: live.admin });
const waiting = async (kind: string, id: number) => {
  const response = await get(`/api/stages/${kind}/${id}/waiting`);
  expect(response.statusCode).toBe(200);
  return (response.json() as { count: number }).count;
};

/** A WhatsApp connection (a fake driver records what it is asked to send) starting new conversations at `destination`. */
const line = (destination: ReturnType<typeof to>) => connectionTo(live.server, live.admin, destination, { kind: "whatsapp" });

/** Deleting is refused while the connection leads to the stage: the admin points it at the queue first. */
async function repoint(connection: Connection): Promise<void> {
  const response = await live.server.request({
    method: "PUT",
    url: `/api/whatsapp/${connection.id}`,
    token: live.admin,
    payload: { destinationType: "queue", destinationItem: sales.id },
  });
  expect(response.statusCode).toBe(200);
}

/** One customer writing over a connection's channel: `say` returns their ticket's id. */
function customer(connection: Connection) {
  const number = uniqueNumber();
  const say = async (body: string) => {
    const message = { externalId: uniqueExternalId(), chat: { number, isGroup: false }, fromMe: false, body, mediaType: "chat" as const, timestamp: new Date() };
    await fakes.of(connection.id).events.onMessage(message);
    const [ticket] = await live.server.ctx.db
      .select({ id: tickets.id })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(and(eq(contacts.number, number), eq(tickets.connectionId, connection.id)))
      .orderBy(desc(tickets.id))
      .limit(1);
    if (!ticket) throw new Error("inbound message not stored");
    return ticket.id;
  };
  /** What the channel was asked to send this customer, in order. */
  const delivered = () => fakes.of(connection.id).sent.filter((m) => m.to.number === number).map((m) => m.body);
  return { say, delivered };
}

const notice = customerText("en", "menuRemoved");

describe("GET /api/stages/:kind/:id/waiting", () => {
  it("is for admins, for stage kinds, and for stages that exist", async () => {
    const menu = await createUra(live.server, live.admin, to("queue", sales.id));
    const call = { method: "GET", url: `/api/stages/uras/${menu.id}/waiting` } as const;
    await expectRefused(live.server, [call], anonymous, 401, "ERR_SESSION_EXPIRED");
    await expectRefused(live.server, [call], attendant.token, 403, "ERR_NO_PERMISSION");
    await expectError(get("/api/stages/queue/1/waiting"), 400, "ERR_MISSING_VALUES");
    await expectError(get("/api/stages/uras/999999/waiting"), 404, "ERR_NO_URA_FOUND");
    await expectError(get("/api/stages/announcements/999999/waiting"), 404, "ERR_NO_ANNOUNCEMENT_FOUND");
    await expectError(get("/api/stages/monitorings/999999/waiting"), 404, "ERR_NO_MONITORING_FOUND");
  });
});

describe("deleting a menu with customers waiting in it", () => {
  it("moves them to the connection's fallback, announced live, each customer told; their next message reaches the team", async () => {
    const menu = await createUra(live.server, live.admin, to("queue", sales.id), {
      description: "Main menu.",
      ...menuRows(["1", "Sales", to("queue", sales.id)]),
    });
    const other = await createUra(live.server, live.admin, to("queue", sales.id));
    const connection = await line(to("uras", menu.id));
    const first = customer(connection);
    const second = customer(connection);
    const chosen = customer(connection);
    const firstId = await first.say("Hi");
    const secondId = await second.say("Hello");
    await chosen.say("Hey");
    await chosen.say("1");
    // A customer of another menu is not counted, nor moved.
    const elsewhere = customer(await line(to("uras", other.id)));
    const elsewhereId = await elsewhere.say("Hi there");

    expect(await waiting("uras", menu.id)).toBe(2);
    await repoint(connection);
    const tickets = recordEvents<TicketEvent>(attendantSocket, "ticket");
    const messages = recordEvents<AppMessageEvent>(attendantSocket, "appMessage");

    expect((await del(`/api/uras/${menu.id}`)).statusCode).toBe(200);

    for (const id of [firstId, secondId]) {
      const { ticket, bodies, messages: rows } = await conversation(live.server, live.admin, id);
      expect(ticket).toMatchObject({ status: "pending", queueId: null, userId: null, ura: null });
      expect(bodies.at(-1)).toBe(notice);
      expect(rows.at(-1)).toMatchObject({ fromMe: true, mediaType: "chat-automatic" });
    }
    expect((await conversation(live.server, live.admin, elsewhereId)).ticket.ura).toMatchObject({ id: other.id });
    // Attendants never saw them in the menu; now they arrive live, in every attendant's pending list.
    await settle(attendantSocket);
    expect(tickets.filter((e) => e.action === "pending" && "ticket" in e).map((e) => ("ticket" in e ? e.ticket.id : 0))).toEqual([firstId, secondId]);
    expect(tickets.every((e) => !("ticket" in e) || e.ticket.id !== elsewhereId)).toBe(true);
    expect(messages.filter((e) => e.action === "create").map((e) => e.message.body)).toEqual([notice, notice]);
    // The customers hear of it through their channel.
    expect(first.delivered().at(-1)).toBe(notice);
    expect(second.delivered().at(-1)).toBe(notice);

    // The next message is no menu answer any more: it stays in the ticket for the team, with no automatic reply.
    const heard = recordEvents<AppMessageEvent>(attendantSocket, "appMessage");
    expect(await first.say("1")).toBe(firstId);
    const after = await conversation(live.server, live.admin, firstId);
    expect(after.bodies.slice(-2)).toEqual([notice, "1"]);
    expect(after.ticket).toMatchObject({ status: "pending", queueId: null, ura: null });
    await settle(attendantSocket);
    expect(heard.map((e) => e.action === "create" && e.message.body)).toEqual(["1"]);
    expect(first.delivered()).toEqual(["Main menu.\n\n1 - Sales", notice]);
    // An attendant takes it and answers: that is the reply the customer was promised.
    expect((await putTicket(live.server, attendant.token, firstId, { status: "open", userId: attendant.id })).statusCode).toBe(200);
    const reply = await live.server.request({ method: "POST", url: `/api/messages/${firstId}`, token: attendant.token, payload: { body: "How can I help?" } });
    expect(reply.statusCode).toBe(201);
    expect(first.delivered().at(-1)).toBe("How can I help?");
  });

  it("with nobody waiting, deletes it and moves nothing", async () => {
    const menu = await createUra(live.server, live.admin, to("queue", sales.id));
    expect(await waiting("uras", menu.id)).toBe(0);
    expect((await del(`/api/uras/${menu.id}`)).statusCode).toBe(200);
    expect((await get(`/api/uras/${menu.id}`)).statusCode).toBe(404);
  });

  it("still refuses while a connection leads to it, moving nobody", async () => {
    const menu = await createUra(live.server, live.admin, to("queue", sales.id));
    const connection = await line(to("uras", menu.id));
    const ticketId = await customer(connection).say("Hi");
    expect((await del(`/api/uras/${menu.id}`)).json().error).toBe("ERR_DESTINATION_IN_USE");
    expect((await conversation(live.server, live.admin, ticketId)).ticket.ura).toMatchObject({ id: menu.id });
    expect(await waiting("uras", menu.id)).toBe(1);
  });
});

describe("stages nobody waits in", () => {
  it("an announcement is said and passed: deleting it leaves the conversations it led on where they are", async () => {
    const announcement = await createAnnouncement(live.server, live.admin, to("queue", sales.id), { description: "Calls are recorded." });
    const connection = await line(to("announcements", announcement.id));
    const walker = customer(connection);
    const ticketId = await walker.say("Hi");
    expect((await conversation(live.server, live.admin, ticketId)).bodies).toEqual(["Hi", "Calls are recorded.", "Sales here!"]);
    expect(await waiting("announcements", announcement.id)).toBe(0);
    await repoint(connection);
    const heard = recordEvents<TicketEvent>(attendantSocket, "ticket");

    expect((await del(`/api/announcements/${announcement.id}`)).statusCode).toBe(200);

    const { ticket, bodies } = await conversation(live.server, live.admin, ticketId);
    expect(ticket).toMatchObject({ status: "pending", queueId: sales.id });
    expect(bodies).toEqual(["Hi", "Calls are recorded.", "Sales here!"]);
    await settle(attendantSocket);
    expect(heard).toEqual([]);
  });

  it("a monitoring hands conversations to its owner: deleting it leaves them with the owner, the customer not told", async () => {
    const monitoring = await createMonitoring(live.server, live.admin, attendant.id, { status: "open", queueId: sales.id });
    const connection = await line(to("monitorings", monitoring.id));
    const alert = customer(connection);
    const ticketId = await alert.say("Disk full on db-1");
    expect((await conversation(live.server, live.admin, ticketId)).ticket).toMatchObject({ status: "open", userId: attendant.id });
    expect(await waiting("monitorings", monitoring.id)).toBe(0);
    await repoint(connection);
    const heard = recordEvents<TicketEvent>(attendantSocket, "ticket");

    expect((await del(`/api/monitorings/${monitoring.id}`)).statusCode).toBe(200);

    const { ticket, bodies } = await conversation(live.server, live.admin, ticketId);
    expect(ticket).toMatchObject({ status: "open", userId: attendant.id, queueId: sales.id });
    expect(bodies).toEqual(["Disk full on db-1"]);
    await settle(attendantSocket);
    expect(heard).toEqual([]);
    expect(alert.delivered()).toEqual([]);
  });
});
