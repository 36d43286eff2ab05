import type { Connection } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { act, createCampaign, insertContacts, messagesPerContact, queuedLeft } from "../../test/campaign-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { connectedConnection } from "../../test/send-api-fixtures.js";
import { waitFor } from "../../test/wait-for.js";
import { startReceiver } from "../../test/webhook-receiver.js";
import { CampaignRunner } from "./campaign-runner.js";

/** People first (issue 31): a campaign's next message waits while an API request is in flight. */
let server: TestServer;
let admin: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let connection: Connection;

beforeAll(async () => {
  receiver = await startReceiver();
  server = await createTestServer({}, { eventOutbox: { pollMs: 20 } });
  admin = await server.adminToken();
  const queue = await createQueue(server, admin, { greetingMessage: "" });
  connection = await connectedConnection(server, admin, { destinationType: "queue", destinationItem: queue.id, webhookUrl: receiver.url });
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

describe("a campaign and the requests people wait on", () => {
  it("holds its next message while a request is in flight and goes on once it ends", async () => {
    const ids = await insertContacts(server.ctx.db, "Yield Person", 3);
    const campaign = await createCampaign(server, admin, { whatsappId: connection.id, audience: { tagIds: [], contactIds: ids, search: "" } });
    await act(server, admin, campaign.id, "start");
    const endRequest = server.ctx.foreground.begin();
    const runner = new CampaignRunner(server.ctx, { pollMs: 20, yieldMs: 60_000 });
    runner.start();
    try {
      await waitFor(() => server.ctx.foreground.waiting === 1, "the runner to wait for the request");
      expect(await queuedLeft(server.ctx.db, campaign.id), "nothing written while it waits").toBe(3);
      endRequest();
      await waitFor(async () => (await queuedLeft(server.ctx.db, campaign.id)) === 0, "every recipient written");
      const perContact = await messagesPerContact(server.ctx.db, connection.id, ids);
      expect(ids.map((id) => perContact.get(id) ?? 0)).toEqual([1, 1, 1]);
    } finally {
      endRequest();
      await runner.stop();
    }
  });

  it("counts an API request as foreground work from its start to its answer", async () => {
    expect(server.ctx.foreground.busy).toBe(0);
    const response = await server.request({ method: "GET", url: "/api/campaigns", token: admin });
    expect(response.statusCode).toBe(200);
    expect(server.ctx.foreground.busy, "ended with its answer").toBe(0);
    let seen = -1;
    server.ctx.events.on("settings.changed", "test-foreground", () => void (seen = server.ctx.foreground.busy));
    await server.request({ method: "PUT", url: "/api/settings/userCreation", token: admin, payload: { value: "enabled" } });
    expect(seen, "in flight while it wrote").toBe(1);
  });
});
