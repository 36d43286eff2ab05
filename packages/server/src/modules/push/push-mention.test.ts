import type { PushPayload } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { browserKeys, decryptPush, startPushEndpoint, type BrowserKeys } from "../../test/push-endpoint.js";
import { connectSocket } from "../../test/socket-client.js";
import { seedTeam, seedTicket, type Team } from "../../test/ticket-fixtures.js";
import { waitFor } from "../../test/wait-for.js";

/** A mention is pushed to the user mentioned, when they have no tab open, and to nobody else (decision 0073). */
let server: TestServer;
let admin: string;
let baseUrl: string;
let team: Team;
let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
let seq = 0;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  baseUrl = await server.listen();
  endpoint = await startPushEndpoint();
  team = await seedTeam(server, admin);
});
afterAll(async () => {
  await server.close();
  await endpoint.close();
});

async function subscribe(token: string, language: "en" | "pt" = "en") {
  const keys = browserKeys();
  const path = `mention-${++seq}`;
  const response = await server.request({ method: "POST", url: "/api/push/subscriptions", token, payload: { endpoint: endpoint.url(path), keys: keys.json, language } });
  expect(response.statusCode, response.body).toBe(201);
  return { keys, path };
}
const payloadOf = (body: Buffer, keys: BrowserKeys) => JSON.parse(decryptPush(body, keys)) as PushPayload;

describe("Web Push of a mention", () => {
  it("reaches the mentioned user with no tab open, in their language, and nobody else; not one with a tab open", async () => {
    const { alice, carol } = team;
    const dave = await server.createUser({ name: "Dave" });
    const id = await seedTicket(server, { connectionId: team.connection.id, status: "open", userId: alice.id, participants: [carol.id, dave.id], contactName: "Maria Lima" });
    const carolBrowser = await subscribe(carol.token, "pt");
    const aliceBrowser = await subscribe(alice.token);
    const daveBrowser = await subscribe(dave.token);
    const daveTab = await connectSocket(baseUrl, dave.token);
    try {
      const response = await server.request({
        method: "POST",
        url: `/api/tickets/${id}/notes`,
        token: alice.token,
        payload: { body: "@Carol @Dave please call Maria", mentionedUserIds: [carol.id, dave.id] },
      });
      expect(response.statusCode).toBe(201);
      const noteId = (response.json() as { note: { id: number } }).note.id;
      await waitFor(() => endpoint.to(carolBrowser.path).length === 1, "Carol's push");
      await server.ctx.events.settled();
      await server.ctx.push.idle();
      expect(payloadOf(endpoint.to(carolBrowser.path)[0]!.body, carolBrowser.keys)).toEqual({
        title: "Alice mencionou você · Maria Lima",
        body: "@Carol @Dave please call Maria",
        tag: expect.stringMatching(/^mention-\d+$/),
        url: `/tickets/${id}?note=${noteId}`,
      });
      expect(endpoint.to(aliceBrowser.path)).toEqual([]);
      expect(endpoint.to(daveBrowser.path)).toEqual([]);
    } finally {
      daveTab.close();
    }
  });
});
