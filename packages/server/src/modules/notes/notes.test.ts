import type { MentionCandidates, MentionEvent, MentionPage, MentionResponse, MessagePage, NoteEvent, NoteResponse, TicketResponse } from "@atendo/contracts";
import { mentionEvent, noteEvent } from "@atendo/contracts";
import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { messages } from "../../db/schema/index.js";
import { useLiveServer } from "../../test/live-server.js";
import { anonymous, expectError, expectRefused } from "../../test/route-guards.js";
import { recordEvents, settle } from "../../test/socket-client.js";
import { seedTeam, seedTicket, type Team } from "../../test/ticket-fixtures.js";

const live = useLiveServer();

let shared: Promise<Team & { sockets: Record<string, Socket> }> | undefined;
/** Alice (queue A), Bob (queue B), Carol (no queue), the admin, each with a live socket. */
const setup = () =>
  (shared ??= (async () => {
    const team = await seedTeam(live.server, live.admin);
    const sockets = {
      alice: await live.sockets.connect(team.alice.token),
      bob: await live.sockets.connect(team.bob.token),
      carol: await live.sockets.connect(team.carol.token),
      admin: await live.sockets.connect(live.admin),
    };
    return { ...team, sockets };
  })());

const seed = async (input: Omit<Parameters<typeof seedTicket>[1], "connectionId">) => seedTicket(live.server, { connectionId: (await setup()).connection.id, ...input });
const post = (token: string | undefined, ticketId: number, payload: object) => live.server.request({ method: "POST", url: `/api/tickets/${ticketId}/notes`, token, payload });
const put = (token: string | undefined, ticketId: number, noteId: number, payload: object) =>
  live.server.request({ method: "PUT", url: `/api/tickets/${ticketId}/notes/${noteId}`, token, payload });
const remove = (token: string | undefined, ticketId: number, noteId: number) => live.server.request({ method: "DELETE", url: `/api/tickets/${ticketId}/notes/${noteId}`, token });
const page = async (token: string, ticketId: number, pageNumber = 1) =>
  (await live.server.request({ method: "GET", url: `/api/messages/${ticketId}?pageNumber=${pageNumber}`, token })).json() as MessagePage;
const mentionsOf = async (token: string) => (await live.server.request({ method: "GET", url: "/api/mentions", token })).json() as MentionPage;

async function write(token: string, ticketId: number, body: string, mentionedUserIds?: number[]) {
  const response = await post(token, ticketId, { body, ...(mentionedUserIds ? { mentionedUserIds } : {}) });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as NoteResponse).note;
}

describe("notes: who may write, edit and delete", () => {
  it("refuses anonymous callers on every route", async () => {
    await expectRefused(
      live.server,
      [
        { method: "POST", url: "/api/tickets/1/notes", payload: { body: "x" } },
        { method: "PUT", url: "/api/tickets/1/notes/1", payload: { body: "x" } },
        { method: "DELETE", url: "/api/tickets/1/notes/1" },
        { method: "GET", url: "/api/tickets/1/mention-candidates" },
        { method: "GET", url: "/api/mentions" },
        { method: "PUT", url: "/api/mentions/1", payload: { read: true } },
      ],
      anonymous,
      401,
      "ERR_SESSION_EXPIRED",
    );
  });

  it("lets the admin, the owner and another attendant who sees the ticket write; refuses an attendant of another queue", async () => {
    const { alice, bob, carol, queueA } = await setup();
    const id = await seed({ status: "open", userId: alice.id, queueId: queueA.id, participants: [carol.id], messages: ["Hello"] });
    expect((await write(live.admin, id, "from the admin")).author?.id).toBeDefined();
    expect((await write(alice.token, id, "from the owner")).author).toEqual({ id: alice.id, name: "Alice" });
    expect((await write(carol.token, id, "from a participant")).author?.name).toBe("Carol");
    await expectError(post(bob.token, id, { body: "not mine" }), 403, "ERR_NO_PERMISSION");
    await expectError(post(alice.token, 999_999, { body: "x" }), 404, "ERR_NO_TICKET_FOUND");
    await expectError(post(alice.token, id, { body: "   " }), 400, "ERR_MISSING_VALUES");
    // A queue member may note a ticket waiting in their queue (they see it); another queue's may not.
    const waiting = await seed({ status: "pending", queueId: queueA.id });
    await write(alice.token, waiting, "VIP customer");
    await expectError(post(bob.token, waiting, { body: "x" }), 403, "ERR_NO_PERMISSION");
  });

  it("lets only the author edit; the author or an admin delete; nobody edits another ticket's note through this one", async () => {
    const { alice, bob, carol, queueA } = await setup();
    const id = await seed({ status: "open", userId: alice.id, queueId: queueA.id, participants: [carol.id] });
    const other = await seed({ status: "open", userId: alice.id, queueId: queueA.id });
    const note = await write(alice.token, id, "first");
    const edited = await put(alice.token, id, note.id, { body: "second" });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as NoteResponse).note).toMatchObject({ body: "second", isEdited: true });
    await expectError(put(carol.token, id, note.id, { body: "hijack" }), 403, "ERR_NO_PERMISSION");
    await expectError(put(live.admin, id, note.id, { body: "hijack" }), 403, "ERR_NO_PERMISSION");
    await expectError(put(bob.token, id, note.id, { body: "hijack" }), 403, "ERR_NO_PERMISSION");
    await expectError(put(alice.token, other, note.id, { body: "x" }), 404, "ERR_NOTE_NOT_FOUND");
    await expectError(remove(carol.token, id, note.id), 403, "ERR_NO_PERMISSION");
    await expectError(remove(bob.token, id, note.id), 403, "ERR_NO_PERMISSION");
    expect((await remove(alice.token, id, note.id)).statusCode).toBe(200);
    await expectError(remove(alice.token, id, note.id), 404, "ERR_NOTE_NOT_FOUND");
    const byCarol = await write(carol.token, id, "moderated");
    expect((await remove(live.admin, id, byCarol.id)).statusCode).toBe(200);
    expect((await page(alice.token, id)).notes).toEqual([]);
  });
});

describe("notes in the message list", () => {
  it("come beside the messages, never as one, and leave the ticket's preview and unread count alone", async () => {
    const { alice, queueA } = await setup();
    const id = await seed({ status: "open", userId: alice.id, queueId: queueA.id, messages: ["Where is my order?"], unreadMessages: 1 });
    const note = await write(alice.token, id, "Order 42 is late, check with logistics");
    const shown = await page(live.admin, id);
    expect(shown.messages.map((m) => m.body)).toEqual(["Where is my order?"]);
    expect(shown.notes).toEqual([note]);
    expect(note.afterMessageId).toBe(shown.messages[0]!.id);
    expect(shown.ticket.lastMessage).toBe("Where is my order?");
    expect(shown.ticket.unreadMessages).toBe(1); // the admin's reading resets nothing; nor did the note
    const ticket = (await live.server.request({ method: "GET", url: `/api/tickets/${id}`, token: alice.token })).json() as TicketResponse["ticket"];
    expect(JSON.stringify(ticket)).not.toContain("logistics");
  });

  it("are carried by the page of the messages they follow", async () => {
    const { alice, queueA } = await setup();
    const id = await seed({ status: "open", userId: alice.id, queueId: queueA.id });
    const early = await write(alice.token, id, "before any message");
    const many = Array.from({ length: 45 }, (_, i) => `m${i}`);
    await seedTicketMessages(id, many.slice(0, 5));
    const middle = await write(alice.token, id, "after m4");
    await seedTicketMessages(id, many.slice(5));
    const late = await write(alice.token, id, "after m44");
    const first = await page(alice.token, id, 1);
    const second = await page(alice.token, id, 2);
    expect(first.hasMore).toBe(true);
    expect(first.notes.map((n) => n.id)).toEqual([late.id]);
    expect(second.notes.map((n) => n.id)).toEqual([early.id, middle.id]);
    expect(second.messages.map((m) => m.id)).toContain(middle.afterMessageId);
  });
});

async function seedTicketMessages(ticketId: number, bodies: string[]) {
  const { connection } = await setup();
  for (const body of bodies) await live.server.ctx.db.insert(messages).values({ ticketId, connectionId: connection.id, body });
}

describe("mentions", () => {
  it("refuse a user who may not see the ticket (then added as a participant, accepted), and an unknown one", async () => {
    const { alice, bob, queueA } = await setup();
    const id = await seed({ status: "open", userId: alice.id, queueId: queueA.id });
    const candidates = (await live.server.request({ method: "GET", url: `/api/tickets/${id}/mention-candidates`, token: alice.token })).json() as MentionCandidates;
    expect(candidates.users.find((u) => u.id === bob.id)?.seesTicket).toBe(false);
    expect(candidates.users.find((u) => u.id === alice.id)).toBeUndefined();
    await expectError(
      live.server.request({ method: "GET", url: `/api/tickets/${id}/mention-candidates`, token: bob.token }),
      403,
      "ERR_NO_PERMISSION",
    );
    await expectError(post(alice.token, id, { body: "@Bob look", mentionedUserIds: [bob.id] }), 409, "ERR_MENTION_NOT_VISIBLE");
    await expectError(post(alice.token, id, { body: "@Nobody", mentionedUserIds: [999_999] }), 404, "ERR_NO_USER_FOUND");
    expect((await page(alice.token, id)).notes).toEqual([]); // nothing written by a refusal
    const added = await live.server.request({ method: "POST", url: `/api/tickets/${id}/participant`, token: alice.token, payload: { participantIds: [bob.id] } });
    expect(added.statusCode).toBe(200);
    const note = await write(alice.token, id, "@Bob look", [bob.id]);
    expect(note.mentionedUsers).toEqual([{ id: bob.id, name: "Bob" }]);
  });

  it("reach only the mentioned user's sockets; the note reaches who sees the ticket; GET /mentions lists one's own, unread first", async () => {
    const { alice, carol, queueA, sockets } = await setup();
    const id = await seed({ status: "open", userId: alice.id, queueId: queueA.id, participants: [carol.id], contactName: "Maria Lima" });
    const mentionHeard = Object.fromEntries(Object.entries(sockets).map(([name, socket]) => [name, recordEvents<MentionEvent>(socket, "mention")]));
    const noteHeard = Object.fromEntries(Object.entries(sockets).map(([name, socket]) => [name, recordEvents<NoteEvent>(socket, "note")]));
    const before = (await mentionsOf(carol.token)).unread;
    const note = await write(alice.token, id, "@Carol can you call Maria back today?", [carol.id]);
    await Promise.all(Object.values(sockets).map(settle));
    await live.server.ctx.events.settled();
    await Promise.all(Object.values(sockets).map(settle));
    expect(Object.fromEntries(Object.entries(mentionHeard).map(([name, events]) => [name, events.length]))).toEqual({ alice: 0, bob: 0, carol: 1, admin: 0 });
    const event = mentionEvent.parse(mentionHeard.carol![0]);
    expect(event).toMatchObject({ action: "create", unread: before + 1, mention: { ticketId: id, noteId: note.id, contactName: "Maria Lima", read: false, author: { id: alice.id } } });
    expect(Object.fromEntries(Object.entries(noteHeard).map(([name, events]) => [name, events.map((e) => noteEvent.parse(e).action)]))).toEqual({
      alice: ["create"],
      bob: [],
      carol: ["create"],
      admin: ["create"],
    });

    const listed = await mentionsOf(carol.token);
    expect(listed.unread).toBe(before + 1);
    const mine = listed.mentions.find((m) => m.noteId === note.id)!;
    expect(mine).toMatchObject({ excerpt: "@Carol can you call Maria back today?", author: { id: alice.id, name: "Alice" }, read: false });
    expect((await mentionsOf(alice.token)).mentions.some((m) => m.noteId === note.id)).toBe(false);
    await expectError(live.server.request({ method: "PUT", url: `/api/mentions/${mine.id}`, token: alice.token, payload: { read: true } }), 404, "ERR_MENTION_NOT_FOUND");
    await expectError(live.server.request({ method: "PUT", url: `/api/mentions/${mine.id}`, token: live.admin, payload: { read: true } }), 404, "ERR_MENTION_NOT_FOUND");
    const read = await live.server.request({ method: "PUT", url: `/api/mentions/${mine.id}`, token: carol.token, payload: { read: true } });
    expect(read.statusCode).toBe(200);
    expect(read.json() as MentionResponse).toMatchObject({ mention: { id: mine.id, read: true }, unread: before });

    // Unread first: a newer read one comes after an older unread one.
    const older = await write(alice.token, id, "@Carol older", [carol.id]);
    const newer = await write(alice.token, id, "@Carol newer", [carol.id]);
    const newerMention = (await mentionsOf(carol.token)).mentions.find((m) => m.noteId === newer.id)!;
    await live.server.request({ method: "PUT", url: `/api/mentions/${newerMention.id}`, token: carol.token, payload: { read: true } });
    const order = (await mentionsOf(carol.token)).mentions.map((m) => m.noteId);
    expect(order.indexOf(older.id)).toBeLessThan(order.indexOf(newer.id));
  });

  it("editing notifies only users newly mentioned; deleting the note takes its mentions away", async () => {
    const { alice, carol, queueA } = await setup();
    const dave = await live.server.createUser({ name: "Dave" });
    const id = await seed({ status: "open", userId: alice.id, queueId: queueA.id, participants: [carol.id, dave.id] });
    const note = await write(alice.token, id, "@Carol", [carol.id]);
    const carolBefore = (await mentionsOf(carol.token)).mentions.filter((m) => m.noteId === note.id).length;
    await put(alice.token, id, note.id, { body: "@Carol @Dave", mentionedUserIds: [carol.id, dave.id] });
    expect((await mentionsOf(carol.token)).mentions.filter((m) => m.noteId === note.id)).toHaveLength(carolBefore);
    expect((await mentionsOf(dave.token)).mentions.filter((m) => m.noteId === note.id)).toHaveLength(1);
    await remove(alice.token, id, note.id);
    expect((await mentionsOf(dave.token)).mentions.filter((m) => m.noteId === note.id)).toHaveLength(0);
  });
});
