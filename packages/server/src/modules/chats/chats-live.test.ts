import type { AppChatMessageEvent, ChatEvent } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { useLiveServer } from "../../test/live-server.js";
import { nextEvent, recordEvents, settle } from "../../test/socket-client.js";
import { createChat, markChatRead, nextUpdate, sendChatText } from "../../test/chat-fixtures.js";

const live = useLiveServer();

type User = Awaited<ReturnType<typeof live.server.createUser>>;

/** One user per name, as a tuple of the same length. */
async function people<const Names extends readonly string[]>(...names: Names): Promise<{ [K in keyof Names]: User }> {
  return (await Promise.all(names.map((name) => live.server.createUser({ name })))) as { [K in keyof Names]: User };
}

describe("chat live events", () => {
  it("reach participants (each with their own view) and admins, never outsiders; a live socket makes a message delivered", async () => {
    const [ana, bruno, outsider] = await people("Ana", "Bruno", "Outsider");
    const brunoSocket = await live.sockets.connect(bruno.token);
    const adminSocket = await live.sockets.connect(live.admin);
    const outsiderSocket = await live.sockets.connect(outsider.token);
    const leaked = [...recordEvents(outsiderSocket, "chat"), ...recordEvents(outsiderSocket, "appChatMessage")];

    const toBruno = nextEvent<ChatEvent>(brunoSocket, "chat");
    const toAdmin = nextEvent<ChatEvent>(adminSocket, "chat");
    const chat = await createChat(live.server, ana.token, { participantIds: [bruno.id] });
    expect(await toBruno).toMatchObject({ action: "create", chat: { id: chat.id, name: "Ana" } });
    expect(await toAdmin).toMatchObject({ action: "create", chat: { id: chat.id, name: "Ana, Bruno", unreadMessages: 0 } });

    const message = nextEvent<AppChatMessageEvent>(brunoSocket, "appChatMessage");
    const sent = await sendChatText(live.server, ana.token, chat.id, "hello");
    expect(sent.ack).toBe(2);
    expect(await message).toMatchObject({ action: "create", message: { id: sent.id, fromMe: false, ack: 2 }, chat: { id: chat.id, unreadMessages: 1, lastMessage: "hello" } });

    await settle(outsiderSocket);
    expect(leaked).toEqual([]);
  });

  it("tell the reader alone that their unread count reset, and the sender that the message was read", async () => {
    const [ana, bruno] = await people("Ana", "Bruno");
    const anaSocket = await live.sockets.connect(ana.token);
    const anaChats = recordEvents<ChatEvent>(anaSocket, "chat");
    const chat = await createChat(live.server, ana.token, { participantIds: [bruno.id] });
    const sent = await sendChatText(live.server, ana.token, chat.id, "read me");
    // Bruno's socket connecting delivers it (chat-delivery.test.ts); then he reads it.
    const delivered = nextUpdate(anaSocket);
    const brunoSocket = await live.sockets.connect(bruno.token);
    expect(await delivered).toMatchObject({ action: "update", message: { id: sent.id, ack: 2 } });

    const unread = nextEvent<ChatEvent>(brunoSocket, "chat");
    const ackUpdate = nextUpdate(anaSocket);
    await markChatRead(live.server, bruno.token, chat.id);
    expect(await unread).toEqual({ action: "updateUnread", chatId: chat.id });
    expect(await ackUpdate).toMatchObject({ action: "update", message: { id: sent.id, ack: 3, fromMe: true } });
    await settle(anaSocket);
    expect(anaChats.map((e) => e.action)).toEqual(["create"]);
  });

  it("follow renames, new members and leaving; a member who left hears nothing more", async () => {
    const [ana, bruno, carla, dora] = await people("Ana", "Bruno", "Carla", "Dora");
    const chat = await createChat(live.server, ana.token, { participantIds: [bruno.id, carla.id], chatName: "Crew" });
    const brunoSocket = await live.sockets.connect(bruno.token);
    const carlaSocket = await live.sockets.connect(carla.token);
    const doraSocket = await live.sockets.connect(dora.token);

    const renamed = nextEvent<ChatEvent>(carlaSocket, "chat");
    await live.server.request({ method: "PUT", url: `/api/chats/${chat.id}`, token: bruno.token, payload: { name: "Crew 2" } });
    expect(await renamed).toMatchObject({ action: "update", chat: { name: "Crew 2" } });

    const added = nextEvent<ChatEvent>(doraSocket, "chat");
    await live.server.request({ method: "POST", url: `/api/chats/${chat.id}/participant`, token: carla.token, payload: { participantIds: [dora.id] } });
    expect(await added).toMatchObject({ action: "addParticipant", chat: { id: chat.id, unreadMessages: 0 } });

    const left = nextEvent<ChatEvent>(carlaSocket, "chat");
    const seenByBruno = nextEvent<ChatEvent>(brunoSocket, "chat");
    await live.server.request({ method: "DELETE", url: `/api/chats/${chat.id}/participant/${carla.id}`, token: carla.token });
    expect(await left).toMatchObject({ action: "removeParticipant", userId: carla.id });
    expect(await seenByBruno).toMatchObject({ action: "removeParticipant", userId: carla.id });

    const afterLeaving = [...recordEvents(carlaSocket, "chat"), ...recordEvents(carlaSocket, "appChatMessage")];
    const toDora = nextEvent<AppChatMessageEvent>(doraSocket, "appChatMessage");
    await sendChatText(live.server, bruno.token, chat.id, "without Carla");
    expect(await toDora).toMatchObject({ action: "create", message: { body: "without Carla" } });
    await settle(carlaSocket);
    expect(afterLeaving).toEqual([]);
  });
});
