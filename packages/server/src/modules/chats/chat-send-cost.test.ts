import type { AppChatMessageEvent, Chat, ChatMessage } from "@atendo/contracts";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { multipart, pngBytes } from "../../test/media-samples.js";
import { recordEvents, settle, socketPool } from "../../test/socket-client.js";
import { openTestDatabase } from "../../test/test-database.js";
import { connectionSettled } from "../../test/presence.js";
import { deliverWaitingMessages } from "./chat-delivery.js";
import { createChat, getChat, sendChatText, threeUsers, type ChatUser } from "../../test/chat-fixtures.js";

/**
 * What sending a chat message costs (bench:chat sends 200 a second). Every statement the
 * database is sent during the request counts, BEGIN and COMMIT included (db/client.ts
 * `onStatement`), the request's authentication too: authentication, the chat with its
 * participants (the permission check), and one statement that stores the message, moves the
 * chat and everyone's unread count, and reads back what the events show. Nothing else runs
 * meanwhile: no jobs are started, and the sockets connected before the count.
 */
let statements: string[] | null = null;
let database: Database;
let server: TestServer;
let ana: ChatUser;
let bruno: ChatUser;
let carla: ChatUser;
let group: Chat;
let brunoSocket: Socket;
let baseUrl = "";
const sockets = socketPool(() => baseUrl);

beforeAll(async () => {
  database = await openTestDatabase({ onStatement: (sql) => statements?.push(sql) });
  server = await createTestServer({}, { database });
  [ana, bruno, carla] = await threeUsers(server);
  group = await createChat(server, ana.token, { participantIds: [bruno.id, carla.id], chatName: "Crew" });
  baseUrl = await server.listen();
  brunoSocket = await sockets.connect(bruno.token);
  // The connection made Bruno online (decision 0078): that write and its event are done before any count.
  await connectionSettled(server, bruno.id);
});
afterAll(async () => {
  sockets.closeAll();
  await server.close();
  await database.close();
});

async function counted<T>(act: () => Promise<T>): Promise<{ result: T; sent: string[] }> {
  statements = [];
  try {
    const result = await act();
    return { result, sent: statements };
  } finally {
    statements = null;
  }
}

describe("sending a chat message", () => {
  it("costs three statements, a reply too, and its fan-out none", async () => {
    await settle(brunoSocket);
    const heard = recordEvents<AppChatMessageEvent>(brunoSocket, "appChatMessage");
    const text = await counted(() => sendChatText(server, ana.token, group.id, "hello"));
    const reply = await counted(() => sendChatText(server, carla.token, group.id, "hi Ana", text.result.id));
    expect(text.sent).toHaveLength(3);
    expect(reply.sent).toHaveLength(3);
    expect(reply.sent.filter((statement) => /^(begin|commit)/i.test(statement))).toEqual([]);

    await settle(brunoSocket);
    expect(heard).toEqual([
      { action: "create", message: expect.objectContaining({ id: text.result.id, ack: 2, fromMe: false }), chat: expect.objectContaining({ unreadMessages: 1, lastMessage: "hello" }) },
      {
        action: "create",
        message: expect.objectContaining({ id: reply.result.id, quotedMsg: expect.objectContaining({ id: text.result.id, body: "hello", fromMe: false, sender: { id: ana.id, name: "Ana" } }) }),
        chat: expect.objectContaining({ unreadMessages: 2, lastMessage: "hi Ana" }),
      },
    ]);
    expect((await getChat(server, ana.token, group.id)).unreadMessages).toBe(1);
  });

  it("stores several files in the same three statements, in order, each one unread", async () => {
    // The caption goes with the first file; the others carry their file name (as ticket messages do).
    const before = (await getChat(server, bruno.token, group.id)).unreadMessages;
    const form = multipart([
      { name: "body", value: "two shots" },
      { name: "medias", file: pngBytes, fileName: "one.png", type: "image/png" },
      { name: "medias", file: pngBytes, fileName: "two.png", type: "image/png" },
    ]);
    const { result, sent } = await counted(() => server.request({ method: "POST", url: `/api/chatmessages/${group.id}`, token: ana.token, ...form }));
    expect(result.statusCode, result.body).toBe(201);
    expect(sent).toHaveLength(3);
    const messages = (result.json() as { messages: ChatMessage[] }).messages;
    expect(messages.map((m) => [m.fileName, m.body])).toEqual([
      ["one.png", "two shots"],
      ["two.png", "two.png"],
    ]);
    expect(messages[0]!.id).toBeLessThan(messages[1]!.id);
    expect((await getChat(server, bruno.token, group.id)).unreadMessages).toBe(before + 2);
  });

  it("delivers, when a socket connects, in one statement when nothing waits", async () => {
    const { sent } = await counted(() => deliverWaitingMessages(server.ctx, bruno.id));
    expect(sent).toHaveLength(1);
  });
});
