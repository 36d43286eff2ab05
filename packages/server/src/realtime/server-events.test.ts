import { serverEvents, type ServerEventName, type User } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connections, tickets } from "../db/schema/index.js";
import { watchConnections } from "../jobs/connection-watch.js";
import { announceSlaBreaches } from "../jobs/sla-breaches.js";
import { createConnection, inbound } from "../test/channel-fixtures.js";
import { createContact, createQuickAnswer, createQueue } from "../test/fixtures.js";
import { ADMIN } from "../test/harness.js";
import { useLiveServer } from "../test/live-server.js";
import { createAnnouncement, createMonitoring, createUra, to } from "../test/routing-fixtures.js";
import { settle } from "../test/socket-client.js";
import { closedWithin } from "../test/socket-revocation.js";
import { waitFor } from "../test/wait-for.js";
import { putTicket } from "../test/ticket-fixtures.js";

const live = useLiveServer();

/** Events nothing emits yet (contact import): reserved in the contract. */
const reserved: ServerEventName[] = ["ContactsImports"];

describe("server events", () => {
  it("carry, in a flow touching every emitted event, exactly what their contract schema describes", async () => {
    // Admins hear every event, so one admin socket sees the whole flow.
    const socket = await live.sockets.connect(live.admin);
    const received: [string, unknown][] = [];
    socket.onAny((name: string, payload: unknown) => received.push([name, payload]));

    const created = await live.server.request({
      method: "POST",
      url: "/api/users",
      token: live.admin,
      payload: { name: "Event Person", email: "event-person@live.test", password: "password-1" },
    });
    const attendant = created.json() as User;
    const queue = await createQueue(live.server, live.admin, { userIds: [attendant.id], greetingMessage: "Welcome!" });
    await live.server.request({ method: "PUT", url: "/api/settings/userCreation", token: live.admin, payload: { value: "enabled" } });
    await createQuickAnswer(live.server, live.admin);
    const contact = await createContact(live.server, live.admin);
    await live.server.request({ method: "PUT", url: `/api/contacts/${contact.id}`, token: live.admin, payload: { name: "Renamed Contact" } });
    // A label, put on the contact and (below) on the ticket: their events carry it.
    const tag = (await live.server.request({ method: "POST", url: "/api/tags", token: live.admin, payload: { name: "Event tag", color: "#F44336" } })).json() as { id: number };
    await live.server.request({ method: "PUT", url: `/api/contacts/${contact.id}/tags`, token: live.admin, payload: { tagIds: [tag.id] } });
    const connection = await createConnection(live.server, live.admin, { destinationType: "queue", destinationItem: queue.id });
    // A message scheduled for the contact (`schedule`), then cancelled.
    const schedule = await live.server.request({
      method: "POST",
      url: "/api/schedules",
      token: live.admin,
      payload: { contactId: contact.id, whatsappId: connection.id, body: "Later", sendAt: "2099-01-01T09:00", recurrence: { every: "month", interval: 1 } },
    });
    expect(schedule.statusCode, schedule.body).toBe(201);
    expect((await live.server.request({ method: "DELETE", url: `/api/schedules/${(schedule.json() as { id: number }).id}`, token: live.admin })).statusCode).toBe(200);
    const menu = await createUra(live.server, live.admin, to("queue", queue.id));
    const announcement = await createAnnouncement(live.server, live.admin, to("uras", menu.id));
    const monitoring = await createMonitoring(live.server, live.admin, attendant.id, { queueId: queue.id });
    // A bot (`bot`), handing over to the queue: created here, deleted with the other destinations below.
    const bot = await live.server.request({
      method: "POST",
      url: "/api/bots",
      token: live.admin,
      payload: { name: "Event bot", kind: "webhook", url: "http://127.0.0.1:9/bot", secret: "event-bot-secret", fallback: { destinationType: "queue", destinationTypeId: queue.id } },
    });
    expect(bot.statusCode, bot.body).toBe(201);
    // The API channel's driver reports its session on its own once started.
    await waitFor(() => received.some(([name]) => name === "whatsappSession"), "whatsappSession event");
    const { ticketId } = await inbound(live.server, connection, { body: "Hello there" });
    expect((await putTicket(live.server, live.admin, ticketId, { userId: attendant.id, action: "transferOwner" })).statusCode).toBe(200);
    expect((await live.server.request({ method: "PUT", url: `/api/tickets/${ticketId}/tags`, token: live.admin, payload: { tagIds: [tag.id] } })).statusCode).toBe(200);
    // Its first-response target missed (`slaBreached`): the due time moved into the past, the job's look run.
    await live.server.ctx.db.update(tickets).set({ firstResponseDueAt: new Date(Date.now() - 60_000) }).where(eq(tickets.id, ticketId));
    expect(await announceSlaBreaches(live.server.ctx)).toBe(1);
    // The connection down past the alert threshold, then back (`connectionIncident`, issue 31).
    const away = Date.now();
    await live.server.ctx.db.update(connections).set({ status: "TIMEOUT" }).where(eq(connections.id, connection.id));
    await watchConnections(live.server.ctx, new Date(away));
    expect(await watchConnections(live.server.ctx, new Date(away + 10 * 60_000))).toMatchObject({ alerted: 1 });
    await live.server.ctx.db.update(connections).set({ status: "CONNECTED" }).where(eq(connections.id, connection.id));
    expect(await watchConnections(live.server.ctx, new Date(away + 11 * 60_000))).toMatchObject({ recovered: 1 });
    // A private note of its owner mentioning the admin (`note`, `mention`), read, then deleted with its mention.
    const ownerToken = (await live.server.login("event-person@live.test", "password-1")).token;
    const adminId = (await live.server.login(ADMIN.email, ADMIN.password)).user.id;
    const note = await live.server.request({ method: "POST", url: `/api/tickets/${ticketId}/notes`, token: ownerToken, payload: { body: "@Admin look", mentionedUserIds: [adminId] } });
    expect(note.statusCode, note.body).toBe(201);
    const [mention] = ((await live.server.request({ method: "GET", url: "/api/mentions", token: live.admin })).json() as { mentions: { id: number }[] }).mentions;
    expect((await live.server.request({ method: "PUT", url: `/api/mentions/${mention!.id}`, token: live.admin, payload: { read: true } })).statusCode).toBe(200);
    expect((await live.server.request({ method: "DELETE", url: `/api/tickets/${ticketId}/notes/${note.json().note.id}`, token: live.admin })).statusCode).toBe(200);
    await live.server.request({ method: "DELETE", url: `/api/tickets/${ticketId}`, token: live.admin });
    // An internal chat the admin takes part in: created, written in, read by the other side.
    const chat = (await live.server.request({ method: "POST", url: "/api/chats", token: live.admin, payload: { participantIds: [attendant.id] } })).json() as { id: number };
    await live.server.request({ method: "POST", url: `/api/chatmessages/${chat.id}`, token: live.admin, payload: { body: "Hi" } });
    // A campaign (`campaign`): created, changed, deleted; before its connection goes.
    const campaign = await live.server.request({
      method: "POST",
      url: "/api/campaigns",
      token: live.admin,
      payload: { name: "Event campaign", whatsappId: connection.id, audience: { contactIds: [contact.id] }, body: "Hi {{name}}" },
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const campaignId = (campaign.json() as { id: number }).id;
    expect((await live.server.request({ method: "PUT", url: `/api/campaigns/${campaignId}`, token: live.admin, payload: { name: "Event campaign 2" } })).statusCode).toBe(200);
    expect((await live.server.request({ method: "DELETE", url: `/api/campaigns/${campaignId}`, token: live.admin })).statusCode).toBe(200);
    // What leads to the queue goes first: a destination in use cannot be deleted.
    for (const url of [`/api/bots/${(bot.json() as { id: number }).id}`, `/api/announcements/${announcement.id}`, `/api/uras/${menu.id}`, `/api/monitorings/${monitoring.id}`, `/api/whatsapp/${connection.id}`, `/api/queue/${queue.id}`]) {
      expect((await live.server.request({ method: "DELETE", url, token: live.admin })).statusCode, url).toBe(200);
    }
    await settle(socket);
    // Last, since it ends the admin's sign-in: the socket hears why (`session`), then closes.
    const closed = closedWithin(socket);
    await live.server.request({ method: "DELETE", url: "/api/auth/logout", token: live.admin });
    await closed;

    const emitted = Object.keys(serverEvents).filter((name) => !reserved.includes(name as ServerEventName));
    expect(new Set(received.map(([name]) => name))).toEqual(new Set(emitted));
    for (const [name, payload] of received) {
      // Parsing drops unknown keys: equal means no field is missing, extra or of another shape.
      expect(serverEvents[name as ServerEventName].parse(payload), name).toEqual(payload);
    }
  });
});
