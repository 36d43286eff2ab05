import type { Campaign } from "@atendo/contracts";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { callServer, makeDataDir, spawnServer, type SpawnedServer } from "../../test/spawn-server.js";
import { runSql, spawnedDatabaseUrl } from "../../test/spawned-database.js";
import { waitFor } from "../../test/wait-for.js";
import { startReceiver } from "../../test/webhook-receiver.js";

const admin = { email: "campaign-kill@atendo.test", password: "campaign-kill-password" };
const env = { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, WEBHOOK_ALLOW_PRIVATE: "true" };
const dataDir = makeDataDir("atendo-campaign-kill-");
const running: SpawnedServer[] = [];
const RECIPIENTS = 300;
/** Webhook POSTs received before the kill: the campaign is well under way. */
const BEFORE_KILL = 60;

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop().catch(() => undefined)));
  rmSync(dataDir, { recursive: true, force: true });
});


const login = async (baseUrl: string) => (await callServer<{ token: string }>(baseUrl, null, "POST", "/api/auth/login", admin)).token;

// Issue 31: exactly once per recipient through a kill -9 of the whole process tree (Atendo and its
// embedded PostgreSQL) in the middle of a campaign, then a restart on the same data.
describe("a kill -9 in the middle of a campaign", { timeout: 600_000 }, () => {
  it("leaves every recipient exactly one message and one webhook message after the restart", async () => {
    const receiver = await startReceiver();
    try {
      const first = await spawnServer(env, { dataDir, processGroup: true });
      running.push(first);
      const token = await login(first.baseUrl);
      const queue = await callServer<{ id: number }>(first.baseUrl, token, "POST", "/api/queue", { name: "Campaign replies", color: "#4CAF50" });
      const connection = await callServer<{ id: number }>(first.baseUrl, token, "POST", "/api/whatsapp", {
        name: "Campaign API",
        kind: "api",
        destinationType: "queue",
        destinationItem: queue.id,
        webhookUrl: receiver.url,
      });
      const url = await spawnedDatabaseUrl(dataDir);
      if (!url) throw new Error("no embedded PostgreSQL");
      await runSql(url, `insert into contacts (name, number) select 'Kill Person ' || g, '5598' || lpad(g::text, 9, '0') from generate_series(1, ${RECIPIENTS}) g`);
      const campaign = await callServer<Campaign>(first.baseUrl, token, "POST", "/api/campaigns", {
        name: "Through a kill",
        whatsappId: connection.id,
        audience: { search: "Kill Person" },
        body: "Hello {{name}}",
      });
      await callServer(first.baseUrl, token, "POST", `/api/campaigns/${campaign.id}/start`);
      await waitFor(() => receiver.received.length >= BEFORE_KILL, `${BEFORE_KILL} webhook POSTs`, 120_000);
      running.splice(running.indexOf(first), 1);
      await first.kill();

      const second = await spawnServer(env, { dataDir, processGroup: true });
      running.push(second);
      const restartedUrl = await spawnedDatabaseUrl(dataDir);
      // What the killed instance held waits for its leases to run out — its recipients (60 s), the
      // messages it was handing over (5 min, decision 0023): brought forward, as time would.
      await runSql(restartedUrl!, "update campaign_recipients set lease_until = now() - interval '1 second' where lease_until is not null");
      await runSql(restartedUrl!, "update messages set dispatch_at = now() - interval '1 second' where dispatch_at > now()");
      const again = await login(second.baseUrl);
      await waitFor(
        async () => (await callServer<Campaign>(second.baseUrl, again, "GET", `/api/campaigns/${campaign.id}`)).status === "completed",
        "campaign completed after the restart",
        180_000,
      );
      const perContact = await runSql<{ number: string; messages: string }>(
        restartedUrl!,
        `select c.number, count(m.id) as messages from contacts c
           left join tickets t on t.contact_id = c.id left join messages m on m.ticket_id = t.id and m.from_me
         where c.name like 'Kill Person %' group by c.number`,
      );
      expect(perContact).toHaveLength(RECIPIENTS);
      expect(perContact.filter((row) => Number(row.messages) !== 1)).toEqual([]);
      // Every message is POSTed (a POST cut by the kill may come again with its delivery id, never as a second message).
      await waitFor(() => new Set(receiver.received.map((post) => post.payload.messageId)).size >= RECIPIENTS, `${RECIPIENTS} messages POSTed`, 120_000);
      const messagesByNumber = new Map<string, Set<number>>();
      for (const post of receiver.received) {
        const number = (post.payload as { to?: { number?: string } }).to?.number ?? "";
        messagesByNumber.set(number, (messagesByNumber.get(number) ?? new Set()).add(post.payload.messageId));
      }
      expect(messagesByNumber.size).toBe(RECIPIENTS);
      expect([...messagesByNumber.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
