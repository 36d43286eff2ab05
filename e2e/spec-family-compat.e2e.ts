import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { pngBytes } from "../packages/server/src/test/media-samples.js";
import { apiChannelCustomers } from "./support/api-channel-customer.js";
import { E2E_ADMIN } from "./support/global-setup.js";
import { joins, messageOf, SpecClient, startPrefixProxy, ticketEventOf, type ScreenSocket, type SpecMessage } from "./support/spec-client.js";

/**
 * Issue 17: a client of the spec's family (§7's calls and shapes, replayed by
 * support/spec-client.ts) works a conversation against Atendo through a proxy that only adds
 * /api: login → list → open → reply → accept → transfer → resolve, with one socket per screen,
 * and a socket on one ticket's chat box hears no other ticket's messages (docs/compatibility.md).
 * The public Whaticket web client speaks another dialect, served under /whaticket: see
 * whaticket-compat.e2e.ts.
 */
const suffix = Date.now().toString(36);
const password = "attendant-password";
const server = (): string => inject("baseUrl");

let proxy: Awaited<ReturnType<typeof startPrefixProxy>>;
let admin: SpecClient;
let alice: SpecClient;
let bob: SpecClient;
let queueId: number;
let connection: { id: number; apiToken: string };
const screens: ScreenSocket[] = [];

/** A customer writes through the API channel, straight to the server (docs/api-channel.md). */
const customerWrites = apiChannelCustomers(server, () => connection, `compat-${suffix}`);

async function screen(client: SpecClient, ...wanted: Parameters<SpecClient["openScreen"]>[0]): Promise<ScreenSocket> {
  const opened = await client.openScreen(wanted);
  screens.push(opened);
  return opened;
}

const customerA = `55219${Date.now().toString().slice(-8)}`;
const customerB = `55218${Date.now().toString().slice(-8)}`;

beforeAll(async () => {
  proxy = await startPrefixProxy(server());
  admin = new SpecClient(proxy.url);
  await admin.login(E2E_ADMIN.email, E2E_ADMIN.password);
  const queue = await admin.call<{ id: number }>("POST", "/queue", {
    body: { name: `Compat ${suffix}`, color: `#${Math.floor(Math.random() * 0x1000000).toString(16).padStart(6, "0").toUpperCase()}`, greetingMessage: "", userIds: [] },
  });
  queueId = queue.id;
  // The user form's empty connection select arrives as "": no default connection.
  const people = await Promise.all(
    ["alice", "bob"].map((name) =>
      admin.createUser({ name: `${name} ${suffix}`, email: `${name}-${suffix}@compat.e2e.test`, password, profile: "user", queueIds: [queueId], whatsappId: "" }),
    ),
  );
  expect(people.map((p) => p.whatsappId)).toEqual([null, null]);
  connection = await admin.call("POST", "/whatsapp", { body: { name: `Compat line ${suffix}`, kind: "api", destinationType: "queue", destinationItem: queueId } });
  alice = new SpecClient(proxy.url);
  bob = new SpecClient(proxy.url);
});

afterAll(async () => {
  for (const opened of screens) opened.close();
  await proxy.close();
});

describe("a client of the spec's family works a conversation", () => {
  let ticketId = 0;
  let otherTicketId = 0;
  let day = "";
  let chatBox: ScreenSocket;

  it("logs in through the proxy and keeps its session with the refresh cookie at /auth", async () => {
    const session = await alice.login(`alice-${suffix}@compat.e2e.test`, password);
    expect(session.user).toMatchObject({ name: `alice ${suffix}`, profile: "user" });
    const refreshed = await alice.refreshToken();
    expect(refreshed.token).toEqual(expect.any(String));
    await bob.login(`bob-${suffix}@compat.e2e.test`, password);
  });

  it("lists a waiting ticket live and by the list call, with an ISO timestamp as date", async () => {
    const pendingTab = await screen(alice, joins.tickets("pending"));
    ticketId = await customerWrites(customerA, { body: "Hi, my parcel is late" });
    const created = await pendingTab.waitFor("appMessage", messageOf(ticketId, "Hi, my parcel is late"));
    day = (created.ticket as { updatedAt: string }).updatedAt; // a full ISO timestamp, as the client sends
    const list = await alice.listTickets({ status: "pending", showAll: false, queueIds: [queueId], date: day });
    expect(list.tickets.map((t) => t.id)).toContain(ticketId);
    expect(list.count).toBeGreaterThanOrEqual(1);
  });

  it("accepts and opens it: ticket, messages, and a chat box socket", async () => {
    const pendingTab = await screen(alice, joins.tickets("pending"));
    const accepted = await alice.updateTicket(ticketId, { status: "open", userId: alice.user?.id, action: "assigned" });
    expect(accepted.ticket).toMatchObject({ id: ticketId, status: "open", userId: alice.user?.id });
    // The waiting tab hears it leave.
    await pendingTab.waitFor("ticket", ticketEventOf(ticketId, "assigned"));
    const shown = await alice.showTicket(ticketId);
    expect(shown).toMatchObject({ hasPermission: true, ticket: { id: ticketId, status: "open" } });
    const page = await alice.listMessages(ticketId);
    expect(page.messages.map((m) => m.body)).toContain("Hi, my parcel is late");
    chatBox = await screen(alice, joins.chatBox(ticketId));
  });

  it("the chat box hears its ticket's messages and none of another ticket's", async () => {
    const notifications = await screen(alice, joins.notification());
    otherTicketId = await customerWrites(customerB, { body: "Another customer here" });
    expect(otherTicketId).not.toBe(ticketId);
    await customerWrites(customerA, { body: "Any news?" });
    await chatBox.waitFor("appMessage", messageOf(ticketId, "Any news?"));
    // The other ticket's message was emitted first on the same ordered connection: had it been sent, it would be here.
    expect(chatBox.messageTicketIds()).toEqual([ticketId]);
    await notifications.waitFor("appMessage", messageOf(otherTicketId, "Another customer here"));
    await notifications.waitFor("appMessage", messageOf(ticketId, "Any news?"));
  });

  it("replies with the JSON body of §7, and fetches the customer's media from its mediaUrl", async () => {
    await alice.sendMessage(ticketId, "It ships today", null);
    const reply = await chatBox.waitFor("appMessage", (p) => messageOf(ticketId)(p) && (p.message as SpecMessage).fromMe);
    expect((reply.message as SpecMessage).body).toContain("It ships today");

    await customerWrites(customerA, { media: { data: pngBytes.toString("base64"), mimeType: "image/png", fileName: "label.png" } });
    const withMedia = await chatBox.waitFor("appMessage", (p) => messageOf(ticketId)(p) && (p.message as SpecMessage).mediaUrl !== null);
    const mediaUrl = (withMedia.message as SpecMessage).mediaUrl ?? "";
    expect(mediaUrl).toMatch(/^\/api\/media\//); // an absolute path: the same from any page or API base
    const fetched = await alice.fetchMedia(mediaUrl);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(pngBytes)).toBe(true);
    expect((await alice.fetchMedia(mediaUrl, false)).status).toBe(401);
    expect(chatBox.messageTicketIds().every((id) => id === ticketId)).toBe(true);
  });

  it("transfers to a colleague, who hears it arrive and resolves it", async () => {
    const bobOpenTab = await screen(bob, joins.tickets("open"));
    const transferred = await alice.updateTicket(ticketId, { userId: bob.user?.id, queueId, status: "open", action: "transferOwner" });
    expect(transferred.ticket).toMatchObject({ status: "open", userId: bob.user?.id });
    await bobOpenTab.waitFor("ticket", ticketEventOf(ticketId, "transferOwner"));
    // Alice no longer sees it: her chat box hears it leave, then her join is refused.
    await chatBox.waitFor("ticket", ticketEventOf(ticketId, "transferOwner"));
    await expect(alice.openScreen([joins.chatBox(ticketId)])).rejects.toThrow("refused");

    const resolved = await bob.updateTicket(ticketId, { status: "closed", userId: bob.user?.id, action: "closed", sendFarewellMessage: false });
    expect(resolved.ticket).toMatchObject({ id: ticketId, status: "closed" });
    await bobOpenTab.waitFor("ticket", ticketEventOf(ticketId, "closed"));
    const closed = await bob.listTickets({ status: "closed", showAll: false, date: resolved.ticket.updatedAt });
    expect(closed.tickets.map((t) => t.id)).toContain(ticketId);
  });

  it("refuses what the client may not do: another's chat box, a bad token on the socket", async () => {
    const foreign = await customerWrites(`55217${Date.now().toString().slice(-8)}`, { body: "Help" });
    await bob.updateTicket(foreign, { status: "open", userId: bob.user?.id, action: "assigned" });
    await expect(alice.openScreen([joins.chatBox(foreign)])).rejects.toThrow("refused");
    const intruder = new SpecClient(proxy.url);
    intruder.token = "not-a-token";
    await expect(intruder.openScreen([joins.notification()])).rejects.toThrow("ERR_SESSION_EXPIRED");
  });
});
