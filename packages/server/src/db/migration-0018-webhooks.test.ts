import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookListenerKey } from "../channels/api/webhook-listener.js";
import { openTestDatabase } from "../test/test-database.js";
import type { Database } from "./client.js";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** The migrations folder as it was before `tag`: a copy whose journal stops there. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), "atendo-migrations-"));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(stop).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }));
  return folder;
}

let database: Database;
let before: string;
beforeAll(async () => {
  database = await openTestDatabase({ unmigrated: true });
  before = migrationsBefore("0018_webhooks_as_durable_listener");
});
afterAll(async () => {
  await database.close();
  rmSync(before, { recursive: true, force: true });
});

describe("migration 0018: webhooks move to the event outbox", () => {
  it("carries owed and failed deliveries over with their ids, drops sent ones, and numbers new deliveries after every old one", async () => {
    const pg = database.db as unknown as NodePgDatabase;
    await migrate(pg, { migrationsFolder: before });
    await database.db.transaction(async (tx) => {
      // Only the deliveries matter here, not the messages they name.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        insert into webhook_deliveries (id, connection_id, message_id, event, status, attempts, next_attempt_at, last_error)
        values (5529, 3, 815, 'message', 'sent', 1, now(), null),
               (5530, 3, 816, 'message', 'pending', 2, '2030-01-01T00:00:00Z', 'HTTP 503'),
               (5531, 4, 815, 'delete', 'failed', 6, now(), 'HTTP 500')`);
      await tx.execute(sql`select setval('webhook_deliveries_id_seq', 5531)`);
    });

    await database.migrate();

    const carried = await pg.execute<{ id: string; listener: string; event: string; payload: unknown; status: string; attempts: number; next_attempt_at: Date; last_error: string }>(
      sql`select id, listener, event, payload, status, attempts, next_attempt_at, last_error from event_deliveries order by id`,
    );
    expect(carried.rows.map((row) => ({ ...row, id: Number(row.id), next_attempt_at: new Date(row.next_attempt_at).toISOString() }))).toEqual([
      {
        id: 5530,
        listener: webhookListenerKey,
        event: "webhook.due",
        payload: { connectionId: 3, messageId: 816, event: "message" },
        status: "pending",
        attempts: 2,
        next_attempt_at: "2030-01-01T00:00:00.000Z",
        last_error: "HTTP 503",
      },
      expect.objectContaining({ id: 5531, payload: { connectionId: 4, messageId: 815, event: "delete" }, status: "failed", attempts: 6 }),
    ]);
    const fresh = await pg.execute<{ id: string }>(sql`insert into event_deliveries (listener, event, payload) values ('x', 'y', '{}') returning id`);
    expect(Number(fresh.rows[0]!.id)).toBe(5532);
    const old = await pg.execute<{ name: string | null }>(sql`select to_regclass('webhook_deliveries')::text as name`);
    expect(old.rows[0]!.name).toBeNull();
  });
});
