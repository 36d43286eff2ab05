import type { TicketEvent } from "@atendo/contracts";
import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { createContact, createQueue } from "../../test/fixtures.js";
import { useLiveServer } from "../../test/live-server.js";
import { recordEvents, settle } from "../../test/socket-client.js";
import { putTicket, seedTeam, seedTicket } from "../../test/ticket-fixtures.js";

const live = useLiveServer();

/** Every `ticket` event each socket hears from now on, read after a round trip on each. */
function listen(sockets: Record<string, Socket>) {
  const heard = Object.fromEntries(Object.entries(sockets).map(([name, socket]) => [name, recordEvents<TicketEvent>(socket, "ticket")]));
  return async () => {
    await Promise.all(Object.values(sockets).map(settle));
    return Object.fromEntries(
      Object.entries(heard).map(([name, events]) => [name, events.map((e) => `${e.action}:${"ticket" in e ? e.ticket.id : e.ticketId}`)]),
    );
  };
}

/** One team and its sockets for the whole file (each test seeds its own tickets). */
async function createSetup() {
  const team = await seedTeam(live.server, live.admin);
  const dave = await live.server.createUser({ name: "Dave" });
  await live.server.request({ method: "PUT", url: `/api/queue/${team.queueA.id}`, token: live.admin, payload: { userIds: [team.alice.id, dave.id] } });
  const sockets = {
    alice: await live.sockets.connect(team.alice.token),
    bob: await live.sockets.connect(team.bob.token),
    carol: await live.sockets.connect(team.carol.token),
    dave: await live.sockets.connect(dave.token),
    admin: await live.sockets.connect(live.admin),
  };
  const seed = (input: Omit<Parameters<typeof seedTicket>[1], "connectionId">) => seedTicket(live.server, { connectionId: team.connection.id, ...input });
  const put = async (token: string, id: number, payload: object) => expect((await putTicket(live.server, token, id, payload)).statusCode).toBe(200);
  return { ...team, dave, sockets, seed, put };
}

let shared: ReturnType<typeof createSetup> | undefined;
const setup = () => (shared ??= createSetup());

describe("ticket events reach the old and the new audience, and nobody else", () => {
  it("accept: the queue's other members drop it, an attendant outside hears nothing", async () => {
    const { alice, queueA, sockets, seed, put } = await setup();
    const id = await seed({ status: "pending", queueId: queueA.id });
    const heard = listen(sockets);
    await put(alice.token, id, { status: "open", action: "assigned" });
    expect(await heard()).toEqual({ alice: [`assigned:${id}`], bob: [], carol: [], dave: [`assigned:${id}`], admin: [`assigned:${id}`] });
  });

  it("return: the owner drops it and the queue's members get it back", async () => {
    const { alice, queueA, sockets, seed, put } = await setup();
    const id = await seed({ status: "open", userId: alice.id, queueId: queueA.id });
    const heard = listen(sockets);
    await put(alice.token, id, { status: "pending", userId: null, action: "pending" });
    expect(await heard()).toEqual({ alice: [`pending:${id}`], bob: [], carol: [], dave: [`pending:${id}`], admin: [`pending:${id}`] });
  });

  it("transfer to a user, then to another queue", async () => {
    const { alice, bob, queueA, sockets, seed, put } = await setup();
    const id = await seed({ status: "open", userId: alice.id, queueId: queueA.id });
    let heard = listen(sockets);
    await put(alice.token, id, { userId: bob.id, action: "transferOwner" });
    expect(await heard()).toEqual({ alice: [`transferOwner:${id}`], bob: [`transferOwner:${id}`], carol: [], dave: [], admin: [`transferOwner:${id}`] });
    heard = listen(sockets);
    await put(bob.token, id, { queueId: queueA.id, userId: null, status: "pending", action: "updateQueue" });
    // Bob drops it; queue A (Alice, Dave) sees it waiting; Carol, in no queue, hears nothing.
    expect(await heard()).toEqual({ alice: [`updateQueue:${id}`], bob: [`updateQueue:${id}`], carol: [], dave: [`updateQueue:${id}`], admin: [`updateQueue:${id}`] });
  });

  it("resolve reaches the owner and the participants; delete reaches who could see it", async () => {
    const { alice, carol, sockets, seed, put } = await setup();
    const id = await seed({ status: "open", userId: alice.id, participants: [carol.id] });
    let heard = listen(sockets);
    await put(alice.token, id, { status: "closed", action: "closed" });
    expect(await heard()).toEqual({ alice: [`closed:${id}`], bob: [], carol: [`closed:${id}`], dave: [], admin: [`closed:${id}`] });
    heard = listen(sockets);
    await live.server.request({ method: "DELETE", url: `/api/tickets/${id}`, token: live.admin });
    expect(await heard()).toEqual({ alice: [`delete:${id}`], bob: [], carol: [`delete:${id}`], dave: [], admin: [`delete:${id}`] });
  });

  it("participants: the invited user gets the ticket, the removed one drops it", async () => {
    const { alice, bob, sockets, seed } = await setup();
    const id = await seed({ status: "open", userId: alice.id });
    let heard = listen(sockets);
    await live.server.request({ method: "POST", url: `/api/tickets/${id}/participant`, token: alice.token, payload: { participantIds: [bob.id] } });
    expect(await heard()).toEqual({ alice: [`addParticipant:${id}`], bob: [`addParticipant:${id}`], carol: [], dave: [], admin: [`addParticipant:${id}`] });
    heard = listen(sockets);
    await live.server.request({ method: "DELETE", url: `/api/tickets/${id}/participant/${bob.id}`, token: bob.token });
    expect(await heard()).toEqual({ alice: [`removeParticipant:${id}`], bob: [`removeParticipant:${id}`], carol: [], dave: [], admin: [`removeParticipant:${id}`] });
  });

  it("a started ticket is announced (create) to its owner and admins only", async () => {
    const { carol, sockets } = await setup();
    const contact = await createContact(live.server, live.admin);
    const heard = listen(sockets);
    const response = await live.server.request({ method: "POST", url: "/api/tickets", token: carol.token, payload: { contactId: contact.id } });
    const id = response.json().ticket.id as number;
    expect(await heard()).toEqual({ alice: [], bob: [], carol: [`create:${id}`], dave: [], admin: [`create:${id}`] });
  });

  it("a reopened ticket reaches its owner, not the queue", async () => {
    const queue = await createQueue(live.server, live.admin);
    const { alice, sockets, seed, put } = await setup();
    const id = await seed({ status: "closed", userId: alice.id, queueId: queue.id });
    const heard = listen(sockets);
    await put(alice.token, id, { status: "open", action: "assigned" });
    expect(await heard()).toEqual({ alice: [`assigned:${id}`], bob: [], carol: [], dave: [], admin: [`assigned:${id}`] });
  });

  it("deleting a contact drops its tickets for who could see them", async () => {
    const { bob, queueA, sockets, seed } = await setup();
    const contact = await createContact(live.server, live.admin);
    const waiting = await seed({ status: "pending", queueId: queueA.id, contactId: contact.id });
    const owned = await seed({ status: "closed", userId: bob.id, contactId: contact.id });
    const heard = listen(sockets);
    expect((await live.server.request({ method: "DELETE", url: `/api/contacts/${contact.id}`, token: live.admin })).statusCode).toBe(200);
    expect(await heard()).toEqual({
      alice: [`delete:${waiting}`],
      bob: [`delete:${owned}`],
      carol: [],
      dave: [`delete:${waiting}`],
      admin: [`delete:${waiting}`, `delete:${owned}`],
    });
  });
});
