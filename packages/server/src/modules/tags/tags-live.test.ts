import { contactEvent, tagEvent, ticketEvent, type Tag, type TicketEvent } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { createContact } from "../../test/fixtures.js";
import { useLiveServer } from "../../test/live-server.js";
import { nextEvent, recordEvents, settle } from "../../test/socket-client.js";
import { seedTeam, seedTicket } from "../../test/ticket-fixtures.js";

const live = useLiveServer();

async function createTag(name: string): Promise<Tag> {
  const response = await live.server.request({ method: "POST", url: "/api/tags", token: live.admin, payload: { name, color: "#9C27B0" } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe("tag events", () => {
  it("reach every signed-in user on create, update and delete, in the contract's shape", async () => {
    const team = await seedTeam(live.server, live.admin);
    const sockets = await Promise.all([team.alice.token, team.bob.token, live.admin].map((token) => live.sockets.connect(token)));
    const next = () => Promise.all(sockets.map((socket) => nextEvent(socket, "tag")));

    let received = next();
    const tag = await createTag("Live tag");
    expect(await received).toEqual(Array(3).fill({ action: "create", tag }));
    expect(tagEvent.parse((await received)[0])).toEqual({ action: "create", tag });

    received = next();
    await live.server.request({ method: "PUT", url: `/api/tags/${tag.id}`, token: live.admin, payload: { color: "#009688" } });
    expect(await received).toEqual(Array(3).fill({ action: "update", tag: { ...tag, color: "#009688" } }));

    received = next();
    await live.server.request({ method: "DELETE", url: `/api/tags/${tag.id}`, token: live.admin });
    expect(await received).toEqual(Array(3).fill({ action: "delete", tagId: tag.id }));
  });
});

describe("a ticket's tags change", () => {
  it("sends the ticket's update, with its tags, to its audience only", async () => {
    const team = await seedTeam(live.server, live.admin);
    const tag = await createTag("Ticket live tag");
    const id = await seedTicket(live.server, { connectionId: team.connection.id, status: "open", userId: team.alice.id, queueId: team.queueA.id });
    const sockets = { alice: await live.sockets.connect(team.alice.token), bob: await live.sockets.connect(team.bob.token), admin: await live.sockets.connect(live.admin) };
    const heard = Object.fromEntries(Object.entries(sockets).map(([name, socket]) => [name, recordEvents<TicketEvent>(socket, "ticket")]));

    const response = await live.server.request({ method: "PUT", url: `/api/tickets/${id}/tags`, token: team.alice.token, payload: { tagIds: [tag.id] } });
    expect(response.statusCode).toBe(200);
    await Promise.all(Object.values(sockets).map(settle));

    expect(heard.bob).toEqual([]);
    for (const events of [heard.alice, heard.admin]) {
      expect(events).toHaveLength(1);
      const event = ticketEvent.parse(events?.[0]);
      expect(event).toMatchObject({ action: "update", ticket: { id, tags: [tag] } });
    }
  });
});

describe("a contact's tags change", () => {
  it("sends the contact's update, with its tags, to everyone", async () => {
    const tag = await createTag("Contact live tag");
    const contact = await createContact(live.server, live.admin);
    const attendant = await live.server.createUser();
    const socket = await live.sockets.connect(attendant.token);
    const received = nextEvent(socket, "contact");
    await live.server.request({ method: "PUT", url: `/api/contacts/${contact.id}/tags`, token: attendant.token, payload: { tagIds: [tag.id] } });
    expect(contactEvent.parse(await received)).toMatchObject({ action: "update", contact: { id: contact.id, tags: [tag] } });
  });
});
