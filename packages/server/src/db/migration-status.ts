import { sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import type { Db } from "./client.js";

interface JournalEntry {
  tag: string;
  when: number;
}

const journalUrl = new URL("./migrations/meta/_journal.json", import.meta.url);
let journal: JournalEntry[] | undefined;

/** The migrations this release ships (drizzle's journal), read once. */
export function shippedMigrations(): readonly JournalEntry[] {
  journal ??= (JSON.parse(readFileSync(journalUrl, "utf8")) as { entries: JournalEntry[] }).entries;
  return journal;
}

/**
 * The tags of the shipped migrations the database has not applied. drizzle's migrator records
 * each applied migration's journal time (`created_at`) and applies those after the newest it
 * recorded: the same rule, read back. A database migrated by a newer release has none pending.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`)) as unknown as { rows: { newest: string | null }[] };
  const newest = Number(result.rows[0]?.newest ?? 0);
  return shippedMigrations()
    .filter((entry) => entry.when > newest)
    .map((entry) => entry.tag);
}
