import type { Message, Ticket, WhaticketConnectionSummary } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiChannelCustomers } from "./support/api-channel-customer.js";
import { E2E_ADMIN } from "./support/global-setup.js";
import { joins, SpecCallError, type ScreenSocket } from "./support/spec-client.js";
import { WhaticketClient, WhaticketTicketList } from "./support/whaticket-client.js";

/**
 * Issue 28: the public Whaticket web client, built with its backend URL at `<atendo>/whaticket`,
 * works a conversation (decision 0066, docs/compatibility.md). Its real calls (support/
 * whaticket-client.ts) and the shapes it reads: the bare ticket its header shows, its lists kept
 * by `update`/`delete` ticket events, the connection list and transfer search every attendant
 * loads, a transfer naming the ticket's own connection, a document opened by its plain link.
 */
const suffix = Date.now().toString(36);
const password = "attendant-password";
const server = (): string => inject("baseUrl");

let admin: WhaticketClient;
let alice: WhaticketClient;
let bob: WhaticketClient;
let queueId: number;
let connection: { id: number; name: string; apiToken: string };
const screens: ScreenSocket[] = [];

/** A customer writes through the API channel, straight to the server (docs/api-channel.md). */
const customerWrites = apiChannelCustomers(server, () => connection, `wt-${suffix}`);

async function screen(client: WhaticketClient, join: Parameters<WhaticketClient["openScreen"]>[0][number]): Promise<ScreenSocket> {
  const opened = await client.openScreen([join]);
  screens.push(opened);
  return opened;
}

/** The ticket list tab of one status, as that client keeps it from its socket. */
async function ticketTab(client: WhaticketClient, status: "pending" | "open"): Promise<{ list: WhaticketTicketList; socket: ScreenSocket }> {
  const socket = await screen(client, joins.tickets(status));
  return { list: new WhaticketTicketList(client.me, [queueId], socket), socket };
}

const ticketEvent = (id: number, action: string) => (p: Record<string, unknown>) =>
  p.action === action && ((p.ticket as Ticket | undefined)?.id ?? p.ticketId) === id;

const customer = `55216${Date.now().toString().slice(-8)}`;
const pdf = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

beforeAll(async () => {
  admin = new WhaticketClient(server());
  await admin.login(E2E_ADMIN.email, E2E_ADMIN.password);
  const queue = await admin.http.call<{ id: number }>("POST", "/queue", {
    body: { name: `Whaticket ${suffix}`, color: `#${Math.floor(Math.random() * 0x1000000).toString(16).padStart(6, "0").toUpperCase()}`, greetingMessage: "", userIds: [] },
  });
  queueId = queue.id;
  for (const name of ["alice", "bob"]) {
    await admin.http.createUser({ name: `${name} ${suffix}`, email: `${name}-${suffix}@whaticket.e2e.test`, password, profile: "user", queueIds: [queueId], whatsappId: "" });
  }
  connection = await admin.http.call("POST", "/whatsapp", { body: { name: `Whaticket line ${suffix}`, kind: "api", destinationType: "queue", destinationItem: queueId } });
  alice = new WhaticketClient(server());
  bob = new WhaticketClient(server());
});

afterAll(() => {
  for (const opened of screens) opened.close();
});

describe("the Whaticket web client works a conversation", () => {
  let ticketId = 0;
  let chatBox: ScreenSocket;
  let aliceOpen: Awaited<ReturnType<typeof ticketTab>>;

  it("signs in and keeps its session with the refresh cookie at /whaticket/auth", async () => {
    expect((await alice.login(`alice-${suffix}@whaticket.e2e.test`, password)).user).toMatchObject({ name: `alice ${suffix}`, profile: "user" });
    expect((await alice.refreshToken()).token).toEqual(expect.any(String));
    await bob.login(`bob-${suffix}@whaticket.e2e.test`, password);
  });

  it("loads the connection list every page asks for, and the transfer search, as an attendant", async () => {
    const lines = (await alice.whatsApps()) as WhaticketConnectionSummary[];
    expect(lines).toContainEqual({ id: connection.id, name: connection.name, status: expect.any(String) });
    const found = await alice.searchUsers(`bob ${suffix}`);
    expect(found.users.map((u) => ({ id: u.id, name: u.name }))).toEqual([{ id: bob.me, name: `bob ${suffix}` }]);
  });

  it("shows a waiting ticket live, drops it from the waiting tab once accepted, and opens its header", async () => {
    const pending = await ticketTab(alice, "pending");
    aliceOpen = await ticketTab(alice, "open");
    ticketId = await customerWrites(customer, { body: "Hi, my parcel is late" });
    await pending.socket.waitFor("appMessage", (p) => p.action === "create" && (p.ticket as Ticket).id === ticketId);
    expect(pending.list.ids()).toContain(ticketId);
    const listed = await alice.listTickets({ status: "pending", showAll: false, queueIds: [queueId] });
    expect(listed.tickets.map((t) => t.id)).toContain(ticketId);

    await alice.setStatus(ticketId, "open");
    await pending.socket.waitFor("ticket", ticketEvent(ticketId, "delete"));
    expect(pending.list.ids()).not.toContain(ticketId);
    await aliceOpen.socket.waitFor("ticket", ticketEvent(ticketId, "update"));
    expect(aliceOpen.list.tickets.find((t) => t.id === ticketId)).toMatchObject({ status: "open", userId: alice.me });

    // The Ticket screen: `setContact(data.contact); setTicket(data)`.
    const data = await alice.showTicket(ticketId);
    expect(data).toMatchObject({ id: ticketId, status: "open", userId: alice.me, contact: { name: `Customer ${customer.slice(-4)}` }, whatsappId: connection.id });
  });

  it("replies, and opens a customer's document by its plain link", async () => {
    chatBox = await screen(alice, joins.chatBox(ticketId));
    const page = await alice.listMessages(ticketId);
    expect(page.messages.map((m) => m.body)).toContain("Hi, my parcel is late");
    await alice.sendMessage(ticketId, "It ships today");
    const reply = await chatBox.waitFor("appMessage", (p) => p.action === "create" && (p.message as Message).fromMe);
    expect((reply.message as Message).body).toContain("It ships today");

    await customerWrites(customer, { media: { data: pdf.toString("base64"), mimeType: "application/pdf", fileName: "invoice.pdf" } });
    const withFile = await chatBox.waitFor("appMessage", (p) => p.action === "create" && (p.message as Message).mediaUrl !== null);
    const link = (withFile.message as Message).mediaUrl ?? "";
    expect(link).toMatch(new RegExp(`^${server()}/whaticket/media/`));
    // `<Button href={message.mediaUrl} target="_blank">`: no token, no cookie.
    const opened = await fetch(link);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).equals(pdf)).toBe(true);
    const listedLink = (await alice.listMessages(ticketId)).messages.find((m) => m.mediaType !== "chat" && m.mediaUrl)?.mediaUrl ?? "";
    expect((await fetch(listedLink)).status).toBe(200);
  });

  it("transfers with the connection select's value; the colleague's list gets it and resolves it", async () => {
    const bobOpen = await ticketTab(bob, "open");
    const current = await alice.showTicket(ticketId);
    await alice.transfer(ticketId, { userId: bob.me, whatsappId: current.whatsappId });
    const nowBobs = (p: Record<string, unknown>) => ticketEvent(ticketId, "update")(p) && (p.ticket as Ticket).userId === bob.me;
    // Alice's list hears it leave her hands (delete), then the ticket as Bob's, which it does not keep.
    await aliceOpen.socket.waitFor("ticket", nowBobs);
    expect(aliceOpen.list.ids()).not.toContain(ticketId);
    await chatBox.waitFor("ticket", nowBobs);
    await bobOpen.socket.waitFor("ticket", nowBobs);
    expect(bobOpen.list.tickets.find((t) => t.id === ticketId)).toMatchObject({ userId: bob.me, status: "open" });
    // Alice may no longer open it: refused, with nothing of the conversation.
    const refused = await alice.showTicket(ticketId).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SpecCallError);
    expect((refused as SpecCallError).status).toBe(403);

    // Resolved: it leaves the open tab (the next delete it hears), and the header hears it closed.
    const deletedSoFar = bobOpen.socket.heard.filter((h) => h.event === "ticket" && ticketEvent(ticketId, "delete")(h.payload)).length;
    let deletes = 0;
    const bobsChatBox = await screen(bob, joins.chatBox(ticketId));
    await bob.setStatus(ticketId, "closed");
    await bobOpen.socket.waitFor("ticket", (p) => ticketEvent(ticketId, "delete")(p) && ++deletes > deletedSoFar);
    expect(bobOpen.list.ids()).not.toContain(ticketId);
    const header = await bobsChatBox.waitFor("ticket", ticketEvent(ticketId, "update"));
    expect(header.ticket).toMatchObject({ id: ticketId, status: "closed" });
  });

  it("the admin's connection dialog reads the connection's queues", async () => {
    expect(await admin.whatsApp(connection.id)).toMatchObject({ id: connection.id, queues: [{ id: queueId }] });
  });
});
