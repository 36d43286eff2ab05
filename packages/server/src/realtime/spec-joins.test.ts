import type { AppMessageEvent, TicketEvent } from "@atendo/contracts";
import { io, type Socket } from "socket.io-client";
import { afterAll, describe, expect, it } from "vitest";
import { inbound, uniqueNumber } from "../test/channel-fixtures.js";
import { useLiveServer } from "../test/live-server.js";
import { ask, connectSocket, recordEvents } from "../test/socket-client.js";
import { putTicket, seedTeam } from "../test/ticket-fixtures.js";

/**
 * The spec's socket joins (§7, docs/decisions/0047): each narrows what a socket hears to what it
 * asked for, never beyond what its user may see.
 */
const live = useLiveServer();
const opened: Socket[] = [];
afterAll(() => {
  for (const socket of opened) socket.close();
});

/** The live server's address (it listens on a free port). */
function url(): string {
  return live.baseUrl();
}

/** A socket that has joined nothing yet (the spec's clients join per screen). */
async function bare(token: string, via: "auth" | "query" = "auth"): Promise<Socket> {
  const socket = await connectSocket(url(), token, { join: false, via });
  opened.push(socket);
  return socket;
}

/**
 * A round trip that joins nothing (a refused join): events emitted before it have arrived by
 * then, so "nothing recorded" means nothing was sent.
 */
const roundTrip = (socket: Socket) => ask(socket, "joinChatBox", "not-an-id");

/** What a socket heard, as `event:action:ticketId`, read after a round trip. */
function hear(socket: Socket) {
  const tickets = recordEvents<TicketEvent>(socket, "ticket");
  const messages = recordEvents<AppMessageEvent>(socket, "appMessage");
  return async () => {
    await roundTrip(socket);
    return [
      ...tickets.map((e) => `ticket:${e.action}:${"ticket" in e ? e.ticket.id : e.ticketId}`),
      ...messages.map((e) => `appMessage:${e.action}:${e.message.ticketId}`),
    ];
  };
}

let shared: ReturnType<typeof seedTeam> | undefined;
const team = () => (shared ??= seedTeam(live.server, live.admin));

/** A customer writes to the team's API connection (routed to queue A): a pending ticket there. */
async function customerWrites(number = uniqueNumber()) {
  const { connection } = await team();
  return { ...(await inbound(live.server, connection, { from: { number, name: "Customer" }, body: "Hello" })), number };
}

describe("handshake", () => {
  it("accepts the token in the query (?token=), as the spec's clients send it", async () => {
    const { alice } = await team();
    const socket = await bare(alice.token, "query");
    expect(await ask(socket, "joinNotification", null)).toEqual({ ok: true });
  });

  it("refuses a bad or missing token, in the query as in auth", async () => {
    await expect(connectSocket(url(), "garbage", { via: "query" })).rejects.toThrow("ERR_SESSION_EXPIRED");
    await expect(connectSocket(url(), "garbage")).rejects.toThrow("ERR_SESSION_EXPIRED");
    await expect(connectSocket(url())).rejects.toThrow("ERR_SESSION_EXPIRED");
  });
});

describe("joinChatBox", () => {
  it("hears that ticket's message and ticket events, and nothing of another ticket", async () => {
    const box = await bare(live.admin);
    const everything = await bare(live.admin);
    await ask(everything, "joinNotification", null);
    const first = await customerWrites();
    expect(await ask(box, "joinChatBox", first.ticketId)).toEqual({ ok: true });
    const inBox = hear(box);
    const inAll = hear(everything);

    await customerWrites(first.number);
    const other = await customerWrites();
    expect(other.ticketId).not.toBe(first.ticketId);

    expect(await inBox()).toEqual([`appMessage:create:${first.ticketId}`]);
    expect(await inAll()).toEqual(
      expect.arrayContaining([`appMessage:create:${first.ticketId}`, `appMessage:create:${other.ticketId}`, `ticket:create:${other.ticketId}`]),
    );
  });

  it("refuses another attendant's ticket, a garbage id and a missing ticket, and hears nothing of them", async () => {
    const { alice, bob } = await team();
    const written = await customerWrites();
    expect((await putTicket(live.server, live.admin, written.ticketId, { status: "open", userId: bob.id, action: "transferOwner" })).statusCode).toBe(200);
    const attacker = await bare(alice.token);
    for (const id of [written.ticketId, String(written.ticketId), "abc", -1, 0, 1.5, { id: written.ticketId }, null, 999_999_999]) {
      expect(await ask(attacker, "joinChatBox", id)).toEqual({ ok: false });
    }
    const heard = hear(attacker);
    await customerWrites(written.number);
    expect(await heard()).toEqual([]);
  });

  it("stops hearing a ticket that left the user's sight, though it joined its box", async () => {
    const { alice, bob } = await team();
    const written = await customerWrites();
    const box = await bare(alice.token);
    expect(await ask(box, "joinChatBox", written.ticketId)).toEqual({ ok: true }); // pending in her queue
    const heard = hear(box);
    await putTicket(live.server, live.admin, written.ticketId, { status: "open", userId: bob.id, action: "transferOwner" });
    await customerWrites(written.number);
    // She hears it leave (the old audience is told), then nothing of Bob's conversation.
    expect(await heard()).toEqual([`ticket:transferOwner:${written.ticketId}`]);
  });

  it("stops hearing a queue's ticket once the user leaves the queue", async () => {
    const { queueA } = await team();
    const dave = await live.server.createUser({ name: "Dave" });
    await live.server.request({ method: "PUT", url: `/api/users/${dave.id}`, token: live.admin, payload: { queueIds: [queueA.id] } });
    const written = await customerWrites();
    const box = await bare(dave.token);
    expect(await ask(box, "joinChatBox", written.ticketId)).toEqual({ ok: true });
    const pendingTab = await bare(dave.token);
    expect(await ask(pendingTab, "joinTickets", "pending")).toEqual({ ok: true });
    const inBox = hear(box);
    const inTab = hear(pendingTab);
    await live.server.request({ method: "PUT", url: `/api/users/${dave.id}`, token: live.admin, payload: { queueIds: [] } });
    await customerWrites(written.number);
    await customerWrites();
    expect(await inBox()).toEqual([]);
    expect(await inTab()).toEqual([]);
  });
});

describe("joinTickets", () => {
  it("hears ticket and message events of its status only, including a ticket leaving it", async () => {
    const pendingTab = await bare(live.admin);
    const openTab = await bare(live.admin);
    expect(await ask(pendingTab, "joinTickets", "pending")).toEqual({ ok: true });
    expect(await ask(openTab, "joinTickets", "open")).toEqual({ ok: true });
    expect(await ask(openTab, "joinTickets", "archived")).toEqual({ ok: false });
    let inPending = hear(pendingTab);
    let inOpen = hear(openTab);
    const written = await customerWrites();
    const id = written.ticketId;
    expect(await inPending()).toEqual([`ticket:create:${id}`, `appMessage:create:${id}`]);
    expect(await inOpen()).toEqual([]);

    inPending = hear(pendingTab);
    inOpen = hear(openTab);
    await putTicket(live.server, live.admin, id, { status: "open", action: "assigned" });
    await customerWrites(written.number);
    expect(await inPending()).toEqual([`ticket:assigned:${id}`]);
    expect(await inOpen()).toEqual(expect.arrayContaining([`ticket:assigned:${id}`, `appMessage:create:${id}`]));
  });

  it("never widens what the user may see: another queue's pending ticket stays unheard", async () => {
    const { bob } = await team();
    const tab = await bare(bob.token); // Bob is in queue B; the customer writes to queue A
    expect(await ask(tab, "joinTickets", "pending")).toEqual({ ok: true });
    const heard = hear(tab);
    await customerWrites();
    expect(await heard()).toEqual([]);
  });
});

describe("Atendo's web app", () => {
  it("asks for every notification in its handshake, heard from its first event on", async () => {
    const socket = io(url(), { path: "/socket.io", auth: { token: live.admin, joinNotification: true }, transports: ["websocket"], reconnection: false });
    opened.push(socket);
    const heard = hear(socket);
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    const written = await customerWrites();
    expect(await heard()).toEqual([`ticket:create:${written.ticketId}`, `appMessage:create:${written.ticketId}`]);
  });
});

describe("a socket that joined nothing", () => {
  it("hears no conversation, but still its other events (settings)", async () => {
    const socket = await bare(live.admin);
    const heard = hear(socket);
    const settings = recordEvents(socket, "settings");
    await customerWrites();
    await live.server.request({ method: "PUT", url: "/api/settings/userCreation", token: live.admin, payload: { value: "enabled" } });
    expect(await heard()).toEqual([]);
    expect(settings).toEqual([{ action: "update", setting: { key: "userCreation", value: "enabled" } }]);
  });
});
