import type { TicketEvent, WhaticketMessageEvent, WhaticketTicketEvent } from "@atendo/contracts";
import { refreshCookieName } from "@atendo/contracts";
import type { Socket } from "socket.io-client";
import { afterAll, describe, expect, it } from "vitest";
import { inbound, uniqueNumber } from "../../test/channel-fixtures.js";
import { useLiveServer } from "../../test/live-server.js";
import { pngBytes } from "../../test/media-samples.js";
import { ask, connectSocket, recordEvents } from "../../test/socket-client.js";
import { putTicket, seedTeam } from "../../test/ticket-fixtures.js";
import { waitFor } from "../../test/wait-for.js";

/**
 * The Whaticket dialect's sockets (decision 0066): its client, built for /whaticket, connects to
 * that namespace with `?token=`, joins per screen, and hears only what its user may see, in the
 * words it acts on (`update`, `delete`, `updateUnread`; files by signed links).
 */
const live = useLiveServer();
const opened: Socket[] = [];
afterAll(() => {
  for (const socket of opened) socket.close();
});

let shared: ReturnType<typeof seedTeam> | undefined;
const team = () => (shared ??= seedTeam(live.server, live.admin));

/** A screen's socket, as that client opens it: its base URL (so the namespace), the token in the query, one join. */
async function screen(token: string, join: [event: string, payload: unknown], namespace = "/whaticket"): Promise<Socket> {
  const socket = await connectSocket(`${live.baseUrl()}${namespace}`, token, { join: false, via: "query" });
  opened.push(socket);
  expect(await ask(socket, join[0], join[1])).toEqual({ ok: true });
  return socket;
}

/**
 * What a socket heard, as `event:action:ticketId` (its ticket events in order, then its message
 * events), read after a round trip (events emitted before it have arrived).
 */
function hear(socket: Socket) {
  const tickets = recordEvents<WhaticketTicketEvent>(socket, "ticket");
  const messages = recordEvents<WhaticketMessageEvent>(socket, "appMessage");
  return async () => {
    await ask(socket, "joinChatBox", "not-an-id");
    return [
      ...tickets.map((e) => `ticket:${e.action}:${"ticket" in e ? e.ticket.id : e.ticketId}`),
      ...messages.map((e) => `appMessage:${e.action}:${e.message.ticketId}`),
    ];
  };
}

async function customerWrites(body: Partial<Parameters<typeof inbound>[2]> = { body: "Hello" }) {
  const { connection } = await team();
  return inbound(live.server, connection, { from: { number: uniqueNumber(), name: "Customer" }, ...body });
}

describe("the /whaticket namespace", () => {
  it("admits the client's handshake (?token=) and refuses a bad token", async () => {
    const { alice } = await team();
    await screen(alice.token, ["joinNotification", null]);
    await expect(connectSocket(`${live.baseUrl()}/whaticket`, "not-a-token", { join: false, via: "query" })).rejects.toThrow("ERR_SESSION_EXPIRED");
  });

  it("words ticket moves as that client's server does: delete from the status left, then update", async () => {
    const { alice, bob } = await team();
    const pendingTab = await screen(alice.token, ["joinTickets", "pending"]);
    const openTab = await screen(alice.token, ["joinTickets", "open"]);
    const bobsOpenTab = await screen(bob.token, ["joinTickets", "open"]);
    const atendo = await screen(alice.token, ["joinTickets", "open"], "");
    const heardPending = hear(pendingTab);
    const heardOpen = hear(openTab);
    const heardByBob = hear(bobsOpenTab);
    const atendoActions = recordEvents<TicketEvent>(atendo, "ticket");

    const { ticketId } = await customerWrites();
    expect((await putTicket(live.server, alice.token, ticketId, { status: "open", userId: alice.id })).statusCode).toBe(200);
    expect(await heardPending()).toEqual([`ticket:update:${ticketId}`, `ticket:delete:${ticketId}`, `appMessage:create:${ticketId}`]);
    expect(await heardOpen()).toEqual([`ticket:update:${ticketId}`]);

    // Handed to Bob: Alice's open list drops it, then hears it as Bob's (its own filter keeps it out).
    expect((await putTicket(live.server, alice.token, ticketId, { userId: bob.id, action: "transferOwner" })).statusCode).toBe(200);
    expect(await heardOpen()).toEqual([`ticket:update:${ticketId}`, `ticket:delete:${ticketId}`, `ticket:update:${ticketId}`]);
    expect(await heardByBob()).toEqual([`ticket:delete:${ticketId}`, `ticket:update:${ticketId}`]);
    // Atendo's own sockets keep Atendo's words.
    await waitFor(() => atendoActions.some((e) => e.action === "transferOwner"));
    expect(atendoActions.map((e) => e.action)).toEqual(["assigned", "transferOwner"]);
  });

  it("hears nothing of a ticket its user may not see", async () => {
    const { bob } = await team();
    const bobs = await screen(bob.token, ["joinNotification", null]);
    const heard = hear(bobs);
    const { ticketId } = await customerWrites();
    const chatBox = await connectSocket(`${live.baseUrl()}/whaticket`, bob.token, { join: false, via: "query" });
    opened.push(chatBox);
    expect(await ask(chatBox, "joinChatBox", String(ticketId))).toEqual({ ok: false });
    expect(await heard()).toEqual([]);
  });

  it("gives each socket a file link signed for its own sign-in, which works without a token", async () => {
    const { alice } = await team();
    const session = await live.server.login(alice.email, alice.password);
    const notifications = await screen(session.token, ["joinNotification", null]);
    const created = recordEvents<WhaticketMessageEvent>(notifications, "appMessage");
    const { ticketId } = await customerWrites({ media: { data: pngBytes.toString("base64"), mimeType: "image/png", fileName: "label.png" } });
    await waitFor(() => created.some((e) => e.message.ticketId === ticketId));
    const mediaUrl = created.find((e) => e.message.ticketId === ticketId)?.message.mediaUrl ?? "";
    expect(mediaUrl).toMatch(new RegExp(`^${live.baseUrl()}/whaticket/media/${alice.id}\\.[0-9a-f-]{36}\\.\\d+\\.\\d+\\.[\\w-]+/[0-9a-f-]{36}\\.png$`));
    const file = await fetch(mediaUrl);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(pngBytes)).toBe(true);

    // Signing out closes the dialect's sockets too, and ends the links made for that sign-in.
    const closed = new Promise((resolve) => notifications.once("disconnect", resolve));
    await live.server.request({ method: "DELETE", url: "/api/auth/logout", token: session.token, cookies: { [refreshCookieName]: session.cookie } });
    await closed;
    expect((await fetch(mediaUrl)).status).toBe(403);
  });
});
