import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connectEmbedded } from "../../test/embedded-folder.js";
import { makeDataDir, spawnServer, type SpawnedServer } from "../../test/spawn-server.js";
import { apiConnection, login } from "../../test/spawned-api.js";
import { waitFor } from "../../test/wait-for.js";

const admin = { email: "durability@atendo.test", password: "durability-password" };
const env = { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
const dataDir = makeDataDir("atendo-kill-");
const running: SpawnedServer[] = [];
/** Concurrent senders: several requests are always in flight when the kill comes. */
const SENDERS = 16;
/** Messages acknowledged before the kill (the burst goes on while it lands). */
const BEFORE_KILL = 400;

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop().catch(() => undefined)));
  rmSync(dataDir, { recursive: true, force: true });
});

// Issue 12: every message the API acknowledged (2xx) is there exactly once after the whole
// process tree (Atendo and its embedded PostgreSQL) is killed in the middle of a burst.
describe("a kill of Atendo and its embedded PostgreSQL during a burst of inbound messages", { timeout: 600_000 }, () => {
  it("keeps every acknowledged message exactly once after the restart, with sound indexes", async () => {
    const first = await spawnServer(env, { dataDir, processGroup: true });
    running.push(first);
    const connection = await apiConnection(first.baseUrl, await login(first.baseUrl, admin), "Durability API");

    const acknowledged = new Set<string>();
    let next = 0;
    let killed = false;
    const send = async () => {
      while (!killed) {
        const n = next++;
        const externalId = `burst-${n}`;
        try {
          const response = await fetch(`${first.baseUrl}/api/channels/${connection.id}/messages`, {
            method: "POST",
            headers: { authorization: `Bearer ${connection.apiToken}`, "content-type": "application/json" },
            body: JSON.stringify({ externalId, from: { number: `55119${String(7000_0000 + (n % 40))}`, name: `Customer ${n % 40}` }, body: `message ${n}` }),
          });
          await response.arrayBuffer();
          if (response.ok) acknowledged.add(externalId);
          else throw new Error(`inbound ${externalId}: ${response.status}`);
        } catch (error) {
          if (killed) return; // the connection died with the server: this one was never acknowledged
          throw error;
        }
      }
    };
    const senders = Promise.all(Array.from({ length: SENDERS }, send));
    await waitFor(() => acknowledged.size >= BEFORE_KILL, `${BEFORE_KILL} acknowledged messages`, 300_000);
    killed = true;
    running.splice(running.indexOf(first), 1);
    await first.kill();
    await senders;
    const sent = next;

    const second = await spawnServer(env, { dataDir, processGroup: true });
    running.push(second);
    const client = await connectEmbedded(join(dataDir, "postgres"));
    try {
      const { rows } = await client.query<{ external_id: string; copies: number }>(
        "select external_id, count(*)::int as copies from messages where connection_id = $1 group by external_id",
        [connection.id],
      );
      const stored = new Map(rows.map((row) => [row.external_id, row.copies]));
      const missing = [...acknowledged].filter((id) => !stored.has(id));
      expect(missing).toEqual([]);
      expect(rows.filter((row) => row.copies !== 1)).toEqual([]);
      // In flight at the kill: stored or not, never more than what was sent.
      expect(stored.size).toBeGreaterThanOrEqual(acknowledged.size);
      expect(stored.size).toBeLessThanOrEqual(sent);
      // The burst went through group commit (docs/decisions/0051): messages sharing a transaction (one xmin).
      const shared = await client.query<{ batches: number }>(
        "select count(*)::int as batches from (select 1 from messages where connection_id = $1 group by xmin::text having count(*) > 1) b",
        [connection.id],
      );
      expect(shared.rows[0]!.batches).toBeGreaterThan(0);

      // Crash recovery left every B-tree index agreeing with its table (amcheck, shipped with the binaries).
      await client.query("create extension if not exists amcheck");
      const checked = await client.query(
        `select bt_index_check(c.oid, true) from pg_index i
           join pg_class c on c.oid = i.indexrelid
           join pg_am am on am.oid = c.relam and am.amname = 'btree'
          where c.relnamespace = 'public'::regnamespace`,
      );
      expect(checked.rowCount).toBeGreaterThan(10);
    } finally {
      await client.end();
    }
    running.splice(running.indexOf(second), 1);
    await second.stop();
  });
});
