import type { Campaign, Connection } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { act, createCampaign, insertContacts, messagesPerContact } from "../../test/campaign-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { connectedConnection } from "../../test/send-api-fixtures.js";
import { openTestDatabase } from "../../test/test-database.js";
import { waitFor } from "../../test/wait-for.js";
import { startReceiver } from "../../test/webhook-receiver.js";

/**
 * Two instances of the app on one database, as behind a load balancer, both running the campaign
 * runner: each leases its own recipients, and every recipient gets one message, POSTed once.
 */
let database: Database;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let first: TestServer;
let second: TestServer;
let token: string;
let connection: Connection;
const RECIPIENTS = 200;

const instance = () => createTestServer({}, { database, eventOutbox: { pollMs: 20 }, jobs: { campaigns: { pollMs: 20, batch: 10 } } });

beforeAll(async () => {
  receiver = await startReceiver();
  database = await openTestDatabase();
  first = await instance();
  second = await instance();
  token = await first.adminToken();
  const queue = await createQueue(first, token, { greetingMessage: "" });
  connection = await connectedConnection(first, token, { destinationType: "queue", destinationItem: queue.id, webhookUrl: receiver.url });
  // The API channel runs on every instance: a message written on either is handed over there.
  await second.ctx.channels.startAll();
});
afterAll(async () => {
  await second.close();
  await first.close();
  await database.close();
  await receiver.close();
});

describe("a campaign sent by two instances on one database", () => {
  it("gives every recipient exactly one message and one webhook POST, the work shared", async () => {
    const ids = await insertContacts(first.ctx.db, "Shared Person", RECIPIENTS);
    const taken = { first: 0, second: 0 };
    for (const [name, server] of [["first", first], ["second", second]] as const) {
      // Each instance's slots, counted (the pace is every sender's first step).
      server.ctx.pace = { take: async () => (taken[name]++, { granted: true }) };
    }
    const campaign = await createCampaign(first, token, { whatsappId: connection.id, audience: { tagIds: [], contactIds: ids, search: "" } });
    await act(first, token, campaign.id, "start");
    for (const server of [first, second]) {
      server.ctx.eventOutbox.start();
      server.jobs.start("campaigns");
    }
    await waitFor(
      async () => ((await first.request({ method: "GET", url: `/api/campaigns/${campaign.id}`, token })).json() as Campaign).status === "completed",
      "campaign completed",
      60_000,
    );
    const perContact = await messagesPerContact(first.ctx.db, connection.id, ids);
    expect(ids.map((id) => perContact.get(id) ?? 0)).toEqual(ids.map(() => 1));
    await waitFor(() => receiver.received.length >= RECIPIENTS, `${RECIPIENTS} webhook POSTs`, 30_000);
    const posted = receiver.received.map((post) => post.payload.messageId);
    expect(new Set(posted).size).toBe(RECIPIENTS);
    expect(posted).toHaveLength(RECIPIENTS);
    // Both took part (each leased batches of its own); no slot was taken for a recipient the other sent.
    expect(taken.first).toBeGreaterThan(0);
    expect(taken.second).toBeGreaterThan(0);
    expect(taken.first + taken.second).toBe(RECIPIENTS);
  });
});
