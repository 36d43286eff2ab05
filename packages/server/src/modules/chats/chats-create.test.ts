import type { Chat, ChatPage } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chats } from "../../db/schema/index.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { expectError } from "../../test/route-guards.js";
import { threeUsers, type ChatUser, createChat, markChatRead, sendChatText } from "../../test/chat-fixtures.js";
import { directKeyOf } from "./chats.repo.js";

let server: TestServer;
let ana: ChatUser;
let bruno: ChatUser;
let carla: ChatUser;

beforeAll(async () => {
  server = await createTestServer();
  [ana, bruno, carla] = await threeUsers(server);
});
afterAll(() => server.close());

const post = (token: string, payload: object) => server.request({ method: "POST", url: "/api/chats", token, payload });
const list = async (token: string, query = "") => (await server.request({ method: "GET", url: `/api/chats${query}`, token })).json() as ChatPage;

describe("POST /chats", () => {
  it("creates a direct chat once: asked again, from either side, it answers the same chat (200)", async () => {
    const first = await post(ana.token, { participantIds: [ana.id, bruno.id], chatName: "" });
    expect(first.statusCode).toBe(201);
    const chat = first.json() as Chat;
    expect(chat).toMatchObject({ isGroup: false, name: "Bruno", unreadMessages: 0, ownerId: ana.id });
    expect(chat.userChat.map((p) => p.user.name)).toEqual(["Ana", "Bruno"]);
    const again = await post(bruno.token, { participantIds: [ana.id] });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: chat.id, name: "Ana" });
  });

  it("makes one direct chat out of ten concurrent creates", async () => {
    const dora = await server.createUser({ name: "Dora" });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(i % 2 ? dora.token : carla.token, { participantIds: [carla.id, dora.id] })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => (a.json() as Chat).id)).size).toBe(1);
    const rows = await server.ctx.db.select().from(chats).where(eq(chats.directKey, directKeyOf(carla.id, dora.id)));
    expect(rows).toHaveLength(1);
  });

  it("needs a group name of 3 to 25 characters for more than two participants", async () => {
    const members = [ana.id, bruno.id, carla.id];
    await expectError(post(ana.token, { participantIds: members }), 400, "ERR_MISSING_VALUES");
    await expectError(post(ana.token, { participantIds: members, chatName: "ab" }), 400, "ERR_MISSING_VALUES");
    await expectError(post(ana.token, { participantIds: members, chatName: "x".repeat(26) }), 400, "ERR_MISSING_VALUES");
    const created = await post(ana.token, { participantIds: [bruno.id, carla.id], chatName: "  Team  " });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ isGroup: true, name: "Team" });
    expect((created.json() as Chat).userChat).toHaveLength(3);
  });

  it("refuses a chat with nobody else, or with an unknown user", async () => {
    await expectError(post(ana.token, { participantIds: [ana.id] }), 400, "ERR_MISSING_VALUES");
    await expectError(post(ana.token, { participantIds: [999_999] }), 404, "ERR_NO_USER_FOUND");
  });
});

describe("GET /chats", () => {
  it("lists chats with unread first, then the most recent, searches names and pages", async () => {
    const eva = await server.createUser({ name: "Eva" });
    const made: Chat[] = [];
    for (let i = 0; i < 22; i++) made.push(await createChat(server, eva.token, { participantIds: [ana.id, bruno.id], chatName: `Room ${String(i).padStart(2, "0")}` }));
    const quiet = made[3] as Chat;
    await sendChatText(server, ana.token, quiet.id, "ping");
    const first = await list(eva.token);
    expect(first.count).toBe(22);
    expect(first.hasMore).toBe(true);
    expect(first.chats).toHaveLength(20);
    expect(first.chats[0]).toMatchObject({ id: quiet.id, unreadMessages: 1, lastMessage: "ping" });
    expect(first.chats[1]?.id).toBe(made[21]?.id);
    expect((await list(eva.token, "?pageNumber=2")).chats).toHaveLength(2);
    expect((await list(eva.token, "?withUnreadMessages=true")).chats.map((c) => c.id)).toEqual([quiet.id]);
    expect((await list(eva.token, "?searchParam=room%2007")).chats.map((c) => c.name)).toEqual(["Room 07"]);

    await markChatRead(server, eva.token, quiet.id);
    const after = await list(eva.token);
    // Read: it stays the most recent.
    expect(after.chats[0]).toMatchObject({ id: quiet.id, unreadMessages: 0 });
    expect((await list(eva.token, "?withUnreadMessages=true")).count).toBe(0);
  });

  it("finds a direct chat by the other participant's name, not one's own", async () => {
    const fabio = await server.createUser({ name: "Fabio Unique" });
    const gil = await server.createUser({ name: "Gil Unique" });
    const chat = await createChat(server, fabio.token, { participantIds: [gil.id] });
    expect((await list(fabio.token, "?searchParam=gil")).chats.map((c) => c.id)).toEqual([chat.id]);
    expect((await list(fabio.token, "?searchParam=fabio")).chats).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(fabio.token, `?date=${today}`)).chats.map((c) => c.id)).toEqual([chat.id]);
    expect((await list(fabio.token, "?date=2001-01-01")).count).toBe(0);
  });
});
