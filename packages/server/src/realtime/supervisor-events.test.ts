import type { TicketEvent } from "@atendo/contracts";
import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { createChat, sendChatText } from "../test/chat-fixtures.js";
import { useLiveServer } from "../test/live-server.js";
import { recordEvents, settle } from "../test/socket-client.js";
import { putTicket, seedTeam, seedTicket } from "../test/ticket-fixtures.js";

/**
 * A supervisor's sockets (docs/decisions/0099) are in the supervision room: they hear every
 * ticket's events as an admin does, and internal chats as a show-all reader, but none of the
 * admins' own (settings, users, connections).
 */
const live = useLiveServer();

/** What each socket heard of `event` from now on, read after a round trip on each. */
function listen(sockets: Record<string, Socket>, event: string, describe: (payload: never) => string) {
  const heard = Object.fromEntries(Object.entries(sockets).map(([name, socket]) => [name, recordEvents<never>(socket, event)]));
  return async () => {
    await Promise.all(Object.values(sockets).map(settle));
    return Object.fromEntries(Object.entries(heard).map(([name, events]) => [name, events.map(describe)]));
  };
}

const ticketLine = (e: TicketEvent) => `${e.action}:${"ticket" in e ? e.ticket.id : e.ticketId}`;

async function setup() {
  const team = await seedTeam(live.server, live.admin);
  const supervisor = await live.server.createUser({ name: "Sam Supervisor", profile: "supervisor" });
  const sockets = {
    supervisor: await live.sockets.connect(supervisor.token),
    bob: await live.sockets.connect(team.bob.token),
    admin: await live.sockets.connect(live.admin),
  };
  return { ...team, supervisor, sockets };
}

describe("a supervisor's sockets", () => {
  it("hear the ticket events of a queue they are not in, as an admin's do, until they are made an attendant", async () => {
    const { alice, bob, queueA, connection, supervisor, sockets } = await setup();
    const id = await seedTicket(live.server, { connectionId: connection.id, status: "pending", queueId: queueA.id });
    let heard = listen(sockets, "ticket", ticketLine);
    expect((await putTicket(live.server, alice.token, id, { status: "open", action: "assigned" })).statusCode).toBe(200);
    expect(await heard()).toEqual({ supervisor: [`assigned:${id}`], bob: [], admin: [`assigned:${id}`] });

    // A supervisor's own moves are heard by the new owner too.
    heard = listen(sockets, "ticket", ticketLine);
    expect((await putTicket(live.server, supervisor.token, id, { userId: bob.id, action: "transferOwner" })).statusCode).toBe(200);
    expect(await heard()).toEqual({ supervisor: [`transferOwner:${id}`], bob: [`transferOwner:${id}`], admin: [`transferOwner:${id}`] });

    // Made an attendant: their live sockets leave the supervision room at once.
    expect((await live.server.request({ method: "PUT", url: `/api/users/${supervisor.id}`, token: live.admin, payload: { profile: "user" } })).statusCode).toBe(200);
    heard = listen(sockets, "ticket", ticketLine);
    expect((await putTicket(live.server, bob.token, id, { status: "closed", action: "closed" })).statusCode).toBe(200);
    expect(await heard()).toEqual({ supervisor: [], bob: [`closed:${id}`], admin: [`closed:${id}`] });
  });

  it("hear others' internal chats as a show-all reader", async () => {
    const { alice, bob, sockets } = await setup();
    const chat = await createChat(live.server, alice.token, { participantIds: [bob.id] });
    const heard = listen(sockets, "chat", (e: { action: string; chatId?: number; chat?: { id: number } }) => `${e.action}:${e.chatId ?? e.chat?.id ?? "?"}`);
    await sendChatText(live.server, alice.token, chat.id, "Hello Bob");
    const lines = await heard();
    expect(lines.supervisor!.length, JSON.stringify(lines)).toBeGreaterThan(0);
    expect(lines.supervisor).toEqual(lines.admin);
  });

  it("hear none of the admins' own events: settings, users, connections", async () => {
    const { connection, sockets } = await setup();
    const heard = { settings: listen(sockets, "settings", () => "settings"), user: listen(sockets, "user", () => "user"), whatsapp: listen(sockets, "whatsapp", () => "whatsapp") };
    expect((await live.server.request({ method: "PUT", url: "/api/settings/userCreation", token: live.admin, payload: { value: "disabled" } })).statusCode).toBe(200);
    const created = await live.server.request({ method: "POST", url: "/api/users", token: live.admin, payload: { name: "Newcomer", email: `newcomer-${process.pid}@atendo.test`, password: "password-123" } });
    expect(created.statusCode, created.body).toBe(201);
    const renamed = await live.server.request({ method: "PUT", url: `/api/whatsapp/${connection.id}`, token: live.admin, payload: { name: "Renamed connection" } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await heard.settings()).toEqual({ supervisor: [], bob: [], admin: ["settings"] });
    expect(await heard.user()).toEqual({ supervisor: [], bob: [], admin: ["user"] });
    expect(await heard.whatsapp()).toEqual({ supervisor: [], bob: [], admin: ["whatsapp"] });
  });
});
