import { limits, type ChatMessage } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { exeBytes, multipart, pngBytes } from "../../test/media-samples.js";
import { expectError } from "../../test/route-guards.js";
import { threeUsers, type ChatUser, chatMessagesPage, createChat, getChat, markChatRead, sendChatText } from "../../test/chat-fixtures.js";

let server: TestServer;
let ana: ChatUser;
let bruno: ChatUser;
let carla: ChatUser;

beforeAll(async () => {
  server = await createTestServer();
  [ana, bruno, carla] = await threeUsers(server);
});
afterAll(() => server.close());

const trio = () => createChat(server, ana.token, { participantIds: [ana.id, bruno.id, carla.id], chatName: "Trio" });
const acks = async (token: string, chatId: number) => (await chatMessagesPage(server, token, chatId)).messages.map((m) => m.ack);

describe("chat messages: unread counts and acks", () => {
  it("count unread per participant and turn acks read once every other participant has read", async () => {
    const chat = await trio();
    const first = await sendChatText(server, ana.token, chat.id, "one");
    await sendChatText(server, ana.token, chat.id, "two");
    // Nobody else had a socket: sent, not delivered.
    expect(first).toMatchObject({ ack: 1, fromMe: true, body: "one", sender: { id: ana.id, name: "Ana" } });
    expect((await getChat(server, bruno.token, chat.id)).unreadMessages).toBe(2);
    expect((await getChat(server, carla.token, chat.id)).unreadMessages).toBe(2);
    expect((await getChat(server, ana.token, chat.id)).unreadMessages).toBe(0);

    await markChatRead(server, bruno.token, chat.id);
    expect((await getChat(server, bruno.token, chat.id)).unreadMessages).toBe(0);
    expect(await acks(ana.token, chat.id)).toEqual([1, 1]);

    await markChatRead(server, carla.token, chat.id);
    expect(await acks(ana.token, chat.id)).toEqual([3, 3]);
    const seenByBruno = (await chatMessagesPage(server, bruno.token, chat.id)).messages[0];
    expect(seenByBruno).toMatchObject({ fromMe: false, sender: { id: ana.id } });

    // Bruno answers; Ana reads; Carla leaving makes it read by everyone left.
    await sendChatText(server, bruno.token, chat.id, "three");
    expect((await getChat(server, ana.token, chat.id)).unreadMessages).toBe(1);
    await markChatRead(server, ana.token, chat.id);
    expect((await acks(bruno.token, chat.id)).at(-1)).toBe(1);
    expect((await server.request({ method: "DELETE", url: `/api/chats/${chat.id}/participant/${carla.id}`, token: carla.token })).statusCode).toBe(200);
    expect((await acks(bruno.token, chat.id)).at(-1)).toBe(3);
  });

  it("quote a message of the same chat only", async () => {
    const chat = await trio();
    const original = await sendChatText(server, ana.token, chat.id, "question?");
    const reply = await sendChatText(server, bruno.token, chat.id, "answer", original.id);
    expect(reply.quotedMsg).toEqual({ id: original.id, body: "question?", fromMe: false, mediaType: "chat", isDeleted: false, sender: { id: ana.id, name: "Ana" } });
    const other = await trio();
    const elsewhere = await sendChatText(server, ana.token, other.id, "elsewhere");
    const quoting = server.request({ method: "POST", url: `/api/chatmessages/${chat.id}`, token: ana.token, payload: { body: "x", quotedMsg: { id: elsewhere.id } } });
    await expectError(quoting, 404, "ERR_NO_MESSAGE_FOUND");
    // Refused, it stored nothing: no message, nobody's unread count moved.
    expect((await chatMessagesPage(server, ana.token, chat.id)).messages.map((m) => m.body)).toEqual(["question?", "answer"]);
    expect((await getChat(server, carla.token, chat.id)).unreadMessages).toBe(2);
    await expectError(server.request({ method: "POST", url: `/api/chatmessages/${chat.id}`, token: ana.token, payload: { body: "   " } }), 400, "ERR_MISSING_VALUES");
  });
});

describe("chat messages: delete and paging", () => {
  it("deletes one's own message softly: it stays, empty, and the chat's last message is cleared", async () => {
    const chat = await trio();
    const mine = await sendChatText(server, ana.token, chat.id, "oops");
    const response = await server.request({ method: "DELETE", url: `/api/chatmessages/${mine.id}`, token: ana.token, payload: { isLastMessageSent: true } });
    expect(response.statusCode).toBe(200);
    const [shown] = (await chatMessagesPage(server, bruno.token, chat.id)).messages;
    expect(shown).toMatchObject({ id: mine.id, isDeleted: true, body: "", mediaUrl: null });
    expect((await getChat(server, bruno.token, chat.id)).lastMessage).toBe("");
    // Again: nothing more to do.
    expect((await server.request({ method: "DELETE", url: `/api/chatmessages/${mine.id}`, token: ana.token })).statusCode).toBe(200);
  });

  it("pages newest first, each page oldest first", async () => {
    const chat = await createChat(server, ana.token, { participantIds: [bruno.id] });
    const sent: ChatMessage[] = [];
    for (let i = 0; i < limits.messagePageSize + 3; i++) sent.push(await sendChatText(server, ana.token, chat.id, `m${i}`));
    const first = await chatMessagesPage(server, ana.token, chat.id);
    expect(first.hasMore).toBe(true);
    expect(first.messages.map((m) => m.id)).toEqual(sent.slice(3).map((m) => m.id));
    const second = await chatMessagesPage(server, ana.token, chat.id, 2);
    expect(second).toEqual({ messages: sent.slice(0, 3).map((m) => expect.objectContaining({ id: m.id })), hasMore: false });
  });
});

describe("chat messages: files", () => {
  it("stores files as ticket messages do, served to participants only", async () => {
    const chat = await trio();
    const outsider = await server.createUser({ name: "Outsider" });
    const form = multipart([
      { name: "body", value: "look" },
      { name: "medias", file: pngBytes, fileName: "shot.png", type: "image/png" },
    ]);
    const response = await server.request({ method: "POST", url: `/api/chatmessages/${chat.id}`, token: ana.token, ...form });
    expect(response.statusCode, response.body).toBe(201);
    const [image] = (response.json() as { messages: ChatMessage[] }).messages;
    expect(image).toMatchObject({ body: "look", mediaType: "image", mimeType: "image/png", fileName: "shot.png" });
    const url = image?.mediaUrl ?? "";
    const fetched = await server.request({ method: "GET", url, token: bruno.token });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload).toEqual(pngBytes);
    await expectError(server.request({ method: "GET", url, token: outsider.token }), 403, "ERR_NO_PERMISSION");

    const program = multipart([{ name: "medias", file: exeBytes(), fileName: "setup.png", type: "image/png" }]);
    await expectError(server.request({ method: "POST", url: `/api/chatmessages/${chat.id}`, token: ana.token, ...program }), 415, "FILE_NOT_SUPPORTED");
    const refused = multipart([{ name: "medias", file: pngBytes, fileName: "shot.png", type: "image/png" }]);
    await expectError(server.request({ method: "POST", url: `/api/chatmessages/${chat.id}`, token: outsider.token, ...refused }), 403, "ERR_NO_PERMISSION");

    await server.request({ method: "DELETE", url: `/api/chatmessages/${image?.id}`, token: ana.token });
    await expectError(server.request({ method: "GET", url, token: bruno.token }), 404, "ERR_NOT_FOUND");
  });

  it("names a file without caption as the chat's last message, and forgets it after a text or a delete", async () => {
    const chat = await trio();
    const form = multipart([{ name: "medias", file: pngBytes, fileName: "receipt.png", type: "image/png" }]);
    const response = await server.request({ method: "POST", url: `/api/chatmessages/${chat.id}`, token: ana.token, ...form });
    expect(response.statusCode, response.body).toBe(201);
    const [image] = (response.json() as { messages: ChatMessage[] }).messages;
    expect(await getChat(server, bruno.token, chat.id)).toMatchObject({ lastMessage: "receipt.png", lastMessageMedia: { mediaType: "image", fileName: "receipt.png" } });

    await sendChatText(server, bruno.token, chat.id, "thanks");
    expect(await getChat(server, carla.token, chat.id)).toMatchObject({ lastMessage: "thanks", lastMessageMedia: null });

    const again = await server.request({ method: "POST", url: `/api/chatmessages/${chat.id}`, token: ana.token, ...form });
    const [newest] = (again.json() as { messages: ChatMessage[] }).messages;
    await server.request({ method: "DELETE", url: `/api/chatmessages/${newest?.id}`, token: ana.token });
    expect(await getChat(server, bruno.token, chat.id)).toMatchObject({ lastMessage: "", lastMessageMedia: null });
    expect(image?.id).toBeLessThan(newest?.id ?? 0);
  });
});
