import type { Campaign } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { act, createCampaign, insertContacts, messagesPerContact } from "../../test/campaign-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { connectedConnection } from "../../test/send-api-fixtures.js";
import { openTestDatabase } from "../../test/test-database.js";
import { waitFor } from "../../test/wait-for.js";

/**
 * What a campaign message costs (docs/decisions/0103): the slots due together are written as one
 * group — one claim, one ticket insert, one message insert per group, not per recipient — and no
 * recipient reads its active ticket on its own. Counted with every statement the runner sends.
 */
let statements: string[] = [];
let database: Database;
let server: TestServer;
let admin: string;

beforeAll(async () => {
  database = await openTestDatabase({ onStatement: (sql) => void statements.push(sql) });
  server = await createTestServer({}, { database, jobs: { campaigns: { pollMs: 30, batch: 100 } } });
  admin = await server.adminToken();
});
afterAll(async () => {
  await server.close();
  await database.close();
});

const count = (start: string) => statements.filter((sql) => sql.startsWith(start)).length;

describe("a campaign at a high pace", () => {
  it("claims and writes the recipients whose slots came due together in one transaction, each exactly once", async () => {
    const queue = await createQueue(server, admin, { greetingMessage: "" });
    // No webhook: the channel takes each message at once, so only the campaign's own writes are counted here.
    const connection = await connectedConnection(server, admin, { destinationType: "queue", destinationItem: queue.id, pace: { perMinute: 6000, dailyCap: 0, warmUp: 0 } });
    const ids = await insertContacts(server.ctx.db, "Grouped Person", 60);
    const campaign = await createCampaign(server, admin, { whatsappId: connection.id, queueId: queue.id, audience: { tagIds: [], contactIds: ids, search: "" }, body: "Hi {{firstName}}" });
    statements = [];
    server.jobs.start("campaigns");
    expect((await act(server, admin, campaign.id, "start")).statusCode).toBe(200);
    await waitFor(
      async () => ((await server.request({ method: "GET", url: `/api/campaigns/${campaign.id}`, token: admin })).json() as Campaign).status === "completed",
      "campaign completed",
      60_000,
    );
    const perContact = await messagesPerContact(server.ctx.db, connection.id, ids);
    expect(ids.map((id) => perContact.get(id) ?? 0)).toEqual(ids.map(() => 1));
    // 60 recipients at a slot every 10 ms, the runner waking every 100 ms: groups of several.
    const claims = count('update "campaign_recipients" set "status"');
    const messageInserts = count('with "inserted" as (insert into "messages"') + count('insert into "messages"');
    expect(claims).toBeLessThanOrEqual(30);
    expect(messageInserts).toBe(claims);
    // No recipient looked its active ticket up on its own (the group's claim checks it).
    expect(statements.filter((sql) => sql.startsWith('select') && sql.includes('from "tickets" where') && sql.includes('"tickets"."contact_id" = $1'))).toHaveLength(0);
  });
});
