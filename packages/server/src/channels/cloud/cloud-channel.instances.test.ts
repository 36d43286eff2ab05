import type { Connection } from "@atendo/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { connections, messages } from "../../db/schema/index.js";
import { runRecovery } from "../../jobs/recovery.js";
import { uniqueNumber } from "../../test/channel-fixtures.js";
import { cloudWebhookBody, customerMessage, hubSignature, startFakeGraphApi, type FakeGraphApi } from "../../test/fakes/graph-api.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { openTestDatabase } from "../../test/test-database.js";
import { waitFor } from "../../test/wait-for.js";

/**
 * Two instances on one database, as behind a load balancer. The Cloud API is not an exclusive
 * kind: both run its driver, Meta's webhook reaches either, and a message due for sending is
 * claimed by one of them only, so the customer gets it once.
 */
let database: Database;
let graph: FakeGraphApi;
let first: TestServer;
let second: TestServer;
let token: string;
let cloud: Connection;
const appSecret = "instances-app-secret";

beforeAll(async () => {
  graph = await startFakeGraphApi();
  database = await openTestDatabase();
  const env = { WHATSAPP_CLOUD_API_URL: graph.baseUrl };
  first = await createTestServer(env, { database });
  second = await createTestServer(env, { database });
  token = await first.adminToken();
  const queue = await createQueue(first, token, { greetingMessage: "" });
  const response = await first.request({
    method: "POST",
    url: "/api/whatsapp",
    token,
    payload: {
      name: "Cloud",
      kind: "whatsapp_cloud",
      destinationType: "queue",
      destinationItem: queue.id,
      cloud: { phoneNumberId: graph.phoneNumberId, businessAccountId: graph.businessAccountId, accessToken: graph.accessToken, appSecret, verifyToken: "instances-verify" },
    },
  });
  expect(response.statusCode).toBe(201);
  cloud = response.json() as Connection;
  await second.ctx.channels.startAll();
  await waitFor(async () => {
    const [row] = await first.ctx.db.select({ status: connections.status }).from(connections).where(eq(connections.id, cloud.id));
    return row?.status === "CONNECTED" && second.ctx.channels.runningIds().includes(cloud.id) && first.ctx.channels.runningIds().includes(cloud.id);
  }, "the driver running on both instances");
});
afterAll(async () => {
  await second.close();
  await first.close();
  await database.close();
  await graph.close();
});

describe("Cloud API with two instances", () => {
  it("takes the webhook on either instance and sends a message due on both exactly once", async () => {
    const from = uniqueNumber();
    const body = cloudWebhookBody(graph, { contacts: [{ wa_id: from, name: "Two" }], messages: [customerMessage(from, "text", { text: { body: "hi both" } })] });
    const raw = JSON.stringify(body);
    for (const server of [first, second]) {
      const response = await server.request({
        method: "POST",
        url: `/api/channels/whatsapp-cloud/${cloud.id}/webhook`,
        headers: { "content-type": "application/json", "x-hub-signature-256": hubSignature(appSecret, raw) },
        payload: raw,
      });
      expect(response.statusCode).toBe(200);
    }
    const inbound = await first.ctx.db.select().from(messages).where(and(eq(messages.connectionId, cloud.id), eq(messages.fromMe, false)));
    expect(inbound).toHaveLength(1);

    // A reply committed but never handed over (its writer died): due for both instances' sweeps at once.
    const publish = first.ctx.events.publish;
    first.ctx.events.publish = () => Promise.reject(new Error("process killed"));
    try {
      const crashed = await first.request({ method: "POST", url: `/api/messages/${inbound[0]!.ticketId}`, token, payload: { body: "Sent once" } });
      expect(crashed.statusCode).toBe(500);
    } finally {
      first.ctx.events.publish = publish;
    }
    const sentBefore = graph.sent.length;
    const [a, b] = await Promise.all([runRecovery(first.ctx), runRecovery(second.ctx)]);
    expect(a.dispatched + b.dispatched).toBeGreaterThanOrEqual(1);
    await Promise.all([runRecovery(first.ctx), runRecovery(second.ctx)]);
    const sends = graph.sent.slice(sentBefore).filter((sent) => JSON.stringify(sent.body).includes("Sent once"));
    expect(sends).toHaveLength(1);
    const [reply] = await first.ctx.db.select().from(messages).where(and(eq(messages.ticketId, inbound[0]!.ticketId), eq(messages.fromMe, true)));
    expect(reply).toMatchObject({ externalId: sends[0]!.id, dispatchAt: null, failed: false });
  });
});
