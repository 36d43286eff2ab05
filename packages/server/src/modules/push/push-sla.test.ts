import type { PushPayload } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tickets } from "../../db/schema/index.js";
import { announceSlaBreaches } from "../../jobs/sla-breaches.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { browserKeys, decryptPush, startPushEndpoint, type BrowserKeys } from "../../test/push-endpoint.js";
import { connectSocket } from "../../test/socket-client.js";
import { seedTeam, seedTicket, type Team } from "../../test/ticket-fixtures.js";
import { waitFor } from "../../test/wait-for.js";

/** A missed SLA target is pushed to its owner, its queue's members and admins with no tab open (issue 30). */
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
  const path = `sla-${++seq}`;
  const response = await server.request({ method: "POST", url: "/api/push/subscriptions", token, payload: { endpoint: endpoint.url(path), keys: keys.json, language } });
  expect(response.statusCode, response.body).toBe(201);
  return { keys, path };
}
const payloadOf = (body: Buffer, keys: BrowserKeys) => JSON.parse(decryptPush(body, keys)) as PushPayload;

describe("Web Push of a missed SLA target", () => {
  it("reaches the owner and the queue's members in their language, admins without a tab too; not others, not a tab open", async () => {
    const { alice, bob, carol } = team;
    const otherAdmin = await server.createUser({ name: "Olga", profile: "admin" });
    // Carol owns it without being in queue A; Alice is in queue A; Bob in queue B.
    const id = await seedTicket(server, { connectionId: team.connection.id, status: "open", userId: carol.id, queueId: team.queueA.id, contactName: "Maria Lima" });
    const carolBrowser = await subscribe(carol.token, "pt");
    const aliceBrowser = await subscribe(alice.token);
    const bobBrowser = await subscribe(bob.token);
    const olgaBrowser = await subscribe(otherAdmin.token);
    const adminBrowser = await subscribe(admin);
    const adminTab = await connectSocket(baseUrl, admin);
    try {
      await server.ctx.db.update(tickets).set({ firstResponseDueAt: new Date(Date.now() - 60_000) }).where(eq(tickets.id, id));
      expect(await announceSlaBreaches(server.ctx)).toBe(1);
      await waitFor(() => endpoint.to(carolBrowser.path).length === 1 && endpoint.to(aliceBrowser.path).length === 1 && endpoint.to(olgaBrowser.path).length === 1, "the pushes");
      await server.ctx.events.settled();
      await server.ctx.push.idle();
      expect(payloadOf(endpoint.to(carolBrowser.path)[0]!.body, carolBrowser.keys)).toEqual({
        title: "Meta de primeira resposta estourada",
        body: "Maria Lima",
        tag: `sla-${id}-firstResponse`,
        url: `/tickets/${id}`,
      });
      expect(payloadOf(endpoint.to(aliceBrowser.path)[0]!.body, aliceBrowser.keys).title).toBe("First response target missed");
      expect(endpoint.to(bobBrowser.path)).toEqual([]);
      expect(endpoint.to(adminBrowser.path)).toEqual([]);
    } finally {
      adminTab.close();
    }
  });
});
