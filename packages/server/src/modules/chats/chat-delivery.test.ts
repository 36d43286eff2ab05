import type { AppChatMessageEvent } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { useLiveServer } from "../../test/live-server.js";
import { recordEvents, settle } from "../../test/socket-client.js";
import { deliverWaitingMessages } from "./chat-delivery.js";
import { waitFor } from "../../test/wait-for.js";
import { chatMessagesPage, createChat, markChatRead, sendChatText } from "../../test/chat-fixtures.js";

const live = useLiveServer();

type User = Awaited<ReturnType<typeof live.server.createUser>>;

/** One user per name, as a tuple of the same length. */
async function people<const Names extends readonly string[]>(...names: Names): Promise<{ [K in keyof Names]: User }> {
  return (await Promise.all(names.map((name) => live.server.createUser({ name })))) as { [K in keyof Names]: User };
}
const acksOf = async (token: string, chatId: number) => (await chatMessagesPage(live.server, token, chatId)).messages.map((m) => [m.body, m.ack]);

describe("chat messages sent while nobody else was connected", () => {
  it("turn delivered when another participant's socket connects, and their senders hear it", async () => {
    const [ana, bruno, carla, dora] = await people("Ana", "Bruno", "Carla", "Dora");
    const anaSocket = await live.sockets.connect(ana.token);
    const group = await createChat(live.server, ana.token, { participantIds: [bruno.id, carla.id], chatName: "Crew" });
    const elsewhere = await createChat(live.server, ana.token, { participantIds: [dora.id] });
    const first = await sendChatText(live.server, ana.token, group.id, "first");
    const second = await sendChatText(live.server, ana.token, group.id, "second");
    await sendChatText(live.server, ana.token, elsewhere.id, "for Dora");
    expect([first.ack, second.ack]).toEqual([1, 1]);

    // Ana's own sockets deliver nothing of hers.
    await deliverWaitingMessages(live.server.ctx, ana.id);
    expect(await acksOf(ana.token, group.id)).toEqual([["first", 1], ["second", 1]]);

    await settle(anaSocket);
    const updates = recordEvents<AppChatMessageEvent>(anaSocket, "appChatMessage");
    await live.sockets.connect(bruno.token);
    await waitFor(() => updates.length >= 2, "both messages announced as delivered");
    expect(updates).toEqual([
      { action: "update", message: expect.objectContaining({ id: first.id, ack: 2, fromMe: true }) },
      { action: "update", message: expect.objectContaining({ id: second.id, ack: 2, fromMe: true }) },
    ]);
    expect(await acksOf(carla.token, group.id)).toEqual([["first", 2], ["second", 2]]);
    // Not Bruno's chat: still waiting for Dora.
    expect(await acksOf(ana.token, elsewhere.id)).toEqual([["for Dora", 1]]);

    // Delivered once: another participant connecting changes nothing more.
    await deliverWaitingMessages(live.server.ctx, carla.id);
    await settle(anaSocket);
    expect(updates).toHaveLength(2);
  });

  it("leave what the user already read alone: reading goes straight to read", async () => {
    const [ana, bruno] = await people("Ana", "Bruno");
    const chat = await createChat(live.server, ana.token, { participantIds: [bruno.id] });
    await sendChatText(live.server, ana.token, chat.id, "read without a socket");
    await markChatRead(live.server, bruno.token, chat.id);
    const answer = await sendChatText(live.server, bruno.token, chat.id, "answer");
    expect(answer.ack).toBe(1);

    await deliverWaitingMessages(live.server.ctx, bruno.id);
    await deliverWaitingMessages(live.server.ctx, ana.id);
    expect(await acksOf(ana.token, chat.id)).toEqual([
      ["read without a socket", 3],
      ["answer", 2],
    ]);
  });
});
