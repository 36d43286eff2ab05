import type { ChatPage } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectRefused, type RouteCall } from "../../test/route-guards.js";
import { createChat, getChat, sendChatText } from "../../test/chat-fixtures.js";

let server: TestServer;
let admin: string;
type User = Awaited<ReturnType<TestServer["createUser"]>>;
let ana: User;
let bruno: User;
let carla: User;
let outsider: User;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  [ana, bruno, carla, outsider] = [
    await server.createUser({ name: "Ana" }),
    await server.createUser({ name: "Bruno" }),
    await server.createUser({ name: "Carla" }),
    await server.createUser({ name: "Outsider" }),
  ];
});
afterAll(() => server.close());

/** Every chat call on one chat and one of its messages, with valid bodies. */
function calls(chatId: number, messageId: number, userId: number): { reads: RouteCall[]; writes: RouteCall[] } {
  return {
    reads: [
      { method: "GET", url: `/api/chats/${chatId}` },
      { method: "GET", url: `/api/chatmessages/${chatId}` },
      { method: "PUT", url: `/api/chatmessages/${chatId}` },
    ],
    writes: [
      { method: "PUT", url: `/api/chats/${chatId}`, payload: { name: "New name" } },
      { method: "POST", url: `/api/chats/${chatId}/participant`, payload: { participantIds: [userId] } },
      { method: "DELETE", url: `/api/chats/${chatId}/participant/${userId}` },
      { method: "POST", url: `/api/chatmessages/${chatId}`, payload: { body: "hello" } },
      { method: "DELETE", url: `/api/chatmessages/${messageId}`, payload: { isLastMessageSent: true } },
    ],
  };
}

async function group() {
  const chat = await createChat(server, ana.token, { participantIds: [ana.id, bruno.id, carla.id], chatName: "Guarded" });
  const message = await sendChatText(server, ana.token, chat.id, "first");
  return { chat, message };
}

describe("chat routes: guards", () => {
  it("refuse anonymous callers on every route", async () => {
    const { reads, writes } = calls(1, 1, 1);
    await expectRefused(server, [{ method: "GET", url: "/api/chats" }, { method: "POST", url: "/api/chats", payload: { participantIds: [1] } }, ...reads, ...writes], anonymous, 401, "ERR_SESSION_EXPIRED");
  });

  it("refuse users outside the chat on every chat route (403), and answer 404 for an unknown chat", async () => {
    const { chat, message } = await group();
    const { reads, writes } = calls(chat.id, message.id, outsider.id);
    await expectRefused(server, [...reads, ...writes], outsider.token, 403, "ERR_NO_PERMISSION");
    const missing = calls(999_999, 999_999, ana.id);
    await expectRefused(server, [...missing.reads, ...missing.writes.slice(0, 4)], ana.token, 404, "ERR_NO_CHAT_FOUND");
    await expectRefused(server, [missing.writes[4] as RouteCall], ana.token, 404, "ERR_NO_MESSAGE_FOUND");
  });

  it("leave a chat out of an outsider's list, even when they ask for show-all", async () => {
    const { chat } = await group();
    const listed = await server.request({ method: "GET", url: "/api/chats?showAll=true", token: outsider.token });
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as ChatPage).chats.map((c) => c.id)).not.toContain(chat.id);
  });

  it("let an admin read every chat with show-all, and refuse their writes where they do not take part", async () => {
    const { chat, message } = await group();
    const { reads, writes } = calls(chat.id, message.id, ana.id);
    for (const call of reads) expect((await server.request({ ...call, token: admin })).statusCode, `${call.method} ${call.url}`).toBe(200);
    await expectRefused(server, writes, admin, 403, "ERR_NO_PERMISSION");
    const all = (await server.request({ method: "GET", url: "/api/chats?showAll=true", token: admin })).json() as ChatPage;
    expect(all.chats.find((c) => c.id === chat.id)).toMatchObject({ name: "Guarded", unreadMessages: 0 });
    const own = (await server.request({ method: "GET", url: "/api/chats", token: admin })).json() as ChatPage;
    expect(own.chats.map((c) => c.id)).not.toContain(chat.id);
    // Reading as an admin changed nobody's unread count.
    expect((await getChat(server, bruno.token, chat.id)).unreadMessages).toBe(1);
  });

  it("let only the sender delete their message, and only the group's creator remove someone else", async () => {
    const { chat, message } = await group();
    await expectRefused(server, [{ method: "DELETE", url: `/api/chatmessages/${message.id}` }], bruno.token, 403, "ERR_NO_PERMISSION");
    await expectRefused(server, [{ method: "DELETE", url: `/api/chats/${chat.id}/participant/${carla.id}` }], bruno.token, 403, "ERR_NO_PERMISSION");
    expect((await server.request({ method: "DELETE", url: `/api/chats/${chat.id}/participant/${carla.id}`, token: ana.token })).statusCode).toBe(200);
    expect((await getChat(server, ana.token, chat.id)).userChat.map((p) => p.userId).sort()).toEqual([ana.id, bruno.id].sort());
    await expectRefused(server, [{ method: "GET", url: `/api/chats/${chat.id}` }], carla.token, 403, "ERR_NO_PERMISSION");
  });

  it("keep a direct chat fixed: no rename, no new member, nobody leaves", async () => {
    const direct = await createChat(server, ana.token, { participantIds: [bruno.id] });
    const message = await sendChatText(server, ana.token, direct.id, "hi");
    const { writes } = calls(direct.id, message.id, ana.id);
    await expectRefused(server, writes.slice(0, 3), ana.token, 403, "ERR_NO_PERMISSION");
  });
});
