import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBackupCommand, runBackupCommand } from "../../backup-command.js";
import { loadConfig } from "../../config.js";
import { createConnection, inbound } from "../../test/channel-fixtures.js";
import { ADMIN, createTestServer, type TestServer } from "../../test/harness.js";
import { multipart, pngBytes } from "../../test/media-samples.js";
import { openTestDatabase } from "../../test/test-database.js";
import type { Database } from "../client.js";
import { BackupError } from "./backup-manifest.js";
import { restoreBackup } from "./backup-restore.js";

// Runs on whichever server the suite uses: the embedded one, or TEST_DATABASE_URL.

let server: TestServer;
let target: Database;
let work: string;
let archive: string;
let restoredMedia: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "atendo-backup-test-"));
  archive = join(work, "install.tar.gz");
  restoredMedia = join(work, "restored-media");
  server = await createTestServer({ MEDIA_DIR: join(work, "media") });
  target = await openTestDatabase();
  const { token, user } = await server.login(ADMIN.email, ADMIN.password);
  const connection = await createConnection(server, token, { destinationType: "users", destinationItem: user.id });
  const { ticketId } = await inbound(server, connection, { body: "I need help" });
  await inbound(server, connection, { body: "Another customer" });
  const withFile = await server.request({
    method: "POST",
    url: `/api/messages/${ticketId}`,
    token,
    ...multipart([
      { name: "body", value: "Here is the picture" },
      { name: "medias", file: pngBytes, fileName: "picture.png", type: "image/png" },
    ]),
  });
  if (withFile.statusCode !== 201) throw new Error(`media message failed: ${withFile.body}`);
  await server.ctx.events.settled();
});

afterAll(async () => {
  await server.close();
  await target.close();
  rmSync(work, { recursive: true, force: true });
});

/** Every public table's rows (as JSON text, sorted) and every sequence's position: the database as a value. */
async function snapshot(url: string): Promise<Record<string, unknown>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by 1",
    );
    const result: Record<string, unknown> = {};
    for (const { name } of tables.rows) {
      const rows = await client.query<{ row: string }>(`select row_to_json(t)::text as row from public."${name}" t`);
      result[name] = rows.rows.map((r) => r.row).sort();
    }
    const sequences = await client.query("select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1");
    result["(sequences)"] = sequences.rows;
    return result;
  } finally {
    await client.end();
  }
}

const filesOf = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(join(dir, name)).toString("base64")]),
  );

describe("npm run backup / npm run restore", () => {
  it("reads its command line", () => {
    expect(parseBackupCommand(["backup", "--to", "a.tar.gz"])).toEqual({ name: "backup", to: "a.tar.gz" });
    expect(parseBackupCommand(["restore", "--from", "a.tar.gz", "--force"])).toEqual({ name: "restore", from: "a.tar.gz", force: true });
    expect(parseBackupCommand(["restore", "--from", "a.tar.gz"])).toEqual({ name: "restore", from: "a.tar.gz", force: false });
    expect(parseBackupCommand(["backup"])).toMatchObject({ name: "usage-error" });
    expect(parseBackupCommand(["backup", "--to", "a", "--zip"])).toMatchObject({ name: "usage-error", message: "Unknown option: --zip" });
  });

  it("backs up a running install and restores it into a fresh database and media folder: the same rows, sequences and files", async () => {
    const config = loadConfig({ DATABASE_URL: server.ctx.database.url!, MEDIA_DIR: server.ctx.config.MEDIA_DIR, LOG_LEVEL: "silent" });
    const lines: string[] = [];
    expect(await runBackupCommand({ name: "backup", to: archive }, config, (line) => lines.push(line))).toBe(0);
    expect(lines[0]).toMatch(/^Backup written to .*install\.tar\.gz: \d+ tables, 1 media files, at migration \d{4}_/);

    const manifest = await restoreBackup({ url: target.url!, mediaDir: restoredMedia, from: archive, force: false });
    expect(manifest.media.files).toBe(1);
    const [source, restored] = await Promise.all([snapshot(server.ctx.database.url!), snapshot(target.url!)]);
    expect(restored).toEqual(source);
    expect((source.messages as string[]).length).toBe(3);
    expect(filesOf(restoredMedia)).toEqual(filesOf(server.ctx.config.MEDIA_DIR));
    expect(Object.values(filesOf(restoredMedia))).toEqual([pngBytes.toString("base64")]);
  });

  it("gives an install that runs: the restored admin signs in and reads the picture", async () => {
    const restored = await createTestServer({ MEDIA_DIR: restoredMedia }, { database: target });
    try {
      const { token } = await restored.login(ADMIN.email, ADMIN.password);
      const [row] = (await snapshot(target.url!)).messages as string[];
      expect(row).toBeDefined();
      const names = Object.keys(filesOf(restoredMedia));
      const file = await restored.request({ method: "GET", url: `/api/media/${names[0]}`, token });
      expect([200, 206]).toContain(file.statusCode);
      expect(file.rawPayload.equals(pngBytes)).toBe(true);
    } finally {
      await restored.close();
    }
  });

  it("refuses a target that has data, or a media folder with files, unless --force", async () => {
    await expect(restoreBackup({ url: target.url!, mediaDir: restoredMedia, from: archive, force: false })).rejects.toThrow(BackupError);
    await expect(restoreBackup({ url: target.url!, mediaDir: restoredMedia, from: archive, force: false })).rejects.toThrow(/has data \(users\).*--force/);
    const emptyDatabase = await openTestDatabase();
    try {
      await expect(restoreBackup({ url: emptyDatabase.url!, mediaDir: restoredMedia, from: archive, force: false })).rejects.toThrow(/has files.*--force/);
    } finally {
      await emptyDatabase.close();
    }
    // --force replaces what is there: rows written since are gone again.
    await target.db.execute(sql`delete from messages`);
    await restoreBackup({ url: target.url!, mediaDir: restoredMedia, from: archive, force: true });
    expect(await snapshot(target.url!)).toEqual(await snapshot(server.ctx.database.url!));
  });

  it("refuses a file that is not a backup, changing nothing", async () => {
    const bogus = join(work, "bogus.tar.gz");
    writeFileSync(bogus, "not an archive");
    const before = await snapshot(target.url!);
    await expect(restoreBackup({ url: target.url!, mediaDir: restoredMedia, from: bogus, force: true })).rejects.toThrow(/not a readable backup archive/);
    expect(await snapshot(target.url!)).toEqual(before);
  });
});
