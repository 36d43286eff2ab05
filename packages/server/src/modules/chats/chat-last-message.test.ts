import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { chatMessagesPage, createChat, getChat, threeUsers, type ChatUser } from "../../test/chat-fixtures.js";

let server: TestServer;
let ana: ChatUser;
let bruno: ChatUser;
let carla: ChatUser;

beforeAll(async () => {
  server = await createTestServer();
  [ana, bruno, carla] = await threeUsers(server);
});
afterAll(() => server.close());

/** Everyone sends at once; each answer's status is checked. */
async function burst(chatId: number, count: number): Promise<void> {
  const senders = [ana, bruno, carla];
  const answers = await Promise.all(
    Array.from({ length: count }, (_, n) =>
      server.request({ method: "POST", url: `/api/chatmessages/${chatId}`, token: senders[n % senders.length]!.token, payload: { body: `message ${n}` } }),
    ),
  );
  expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
}

describe("a chat's last message", () => {
  it("is its newest message (the bottom of its page) after concurrent sends, burst after burst", async () => {
    const chat = await createChat(server, ana.token, { participantIds: [bruno.id, carla.id], chatName: "Burst" });
    // Sends that commit out of order are rare per pair; five bursts of 24 made it show 3 times in 5 before.
    for (let round = 0; round < 5; round++) {
      await burst(chat.id, 24);
      const newest = (await chatMessagesPage(server, ana.token, chat.id)).messages.at(-1);
      const listed = await getChat(server, ana.token, chat.id);
      expect({ round, lastMessage: listed.lastMessage }).toEqual({ round, lastMessage: newest?.body });
    }
  });
});
