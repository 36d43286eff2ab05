import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { shippedMigrations } from "../migration-status.js";
import { manifestName, mediaPrefix, type BackupManifest } from "./backup-manifest.js";
import { writeTarGz, type TarEntry } from "./tar.js";

export interface BackupOptions {
  /** The PostgreSQL server's URL (the embedded one's, or DATABASE_URL). */
  url: string;
  mediaDir: string;
  /** The archive to write (.tar.gz); refused if it exists. */
  to: string;
  appVersion: string;
}

/** Quoted identifier (names come from the catalogue, never from input; quoted all the same). */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Writes the database and the media files as one archive while Atendo runs (docs/decisions/0096).
 * The rows are read in one REPEATABLE READ, READ ONLY transaction: every table as of one moment,
 * whatever commits meanwhile. Media follow the snapshot: a file a row of it names was stored
 * before that row committed, so it is there (files added later come along, unused and harmless).
 */
export async function writeBackup(options: BackupOptions): Promise<BackupManifest> {
  const target = resolve(options.to);
  // Beside the archive: the same disk, which the operator chose to have room for it.
  const staging = await mkdtemp(join(dirname(target), ".atendo-backup-"));
  try {
    const entries: TarEntry[] = [];
    const { tables, sequences, migration } = await dumpDatabase(options.url, staging);
    const media = await mediaEntries(options.mediaDir);
    const manifest: BackupManifest = {
      format: "atendo-backup",
      version: 1,
      createdAt: new Date().toISOString(),
      appVersion: options.appVersion,
      migration,
      tables,
      sequences,
      media: { files: media.length, bytes: media.reduce((sum, entry) => sum + entry.size, 0) },
    };
    await writeFile(join(staging, manifestName), JSON.stringify(manifest, null, 2));
    entries.push({ name: manifestName, path: join(staging, manifestName) });
    for (const table of tables) entries.push({ name: table.file, path: join(staging, table.file) });
    entries.push(...media);
    // Written under another name first: a backup cut short never looks like a whole one.
    const partial = `${target}.partial`;
    await rm(partial, { force: true });
    await writeTarGz(partial, entries);
    await rename(partial, target);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function dumpDatabase(url: string, staging: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read, read only");
    const newest = await client.query<{ when: string | null }>("select max(created_at)::text as when from drizzle.__drizzle_migrations");
    const when = Number(newest.rows[0]?.when ?? 0);
    const entry = shippedMigrations().find((m) => m.when === when);
    if (!entry) throw new Error(`the database's newest migration (${when}) is not one this release knows: back it up with the release that migrated it`);
    const columns = await client.query<{ table: string; columns: string[] }>(`
      select c.relname as table, array_agg(a.attname::text order by a.attnum) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind = 'r'
      group by c.relname order by c.relname`);
    const tables: BackupManifest["tables"] = [];
    await mkdir(join(staging, "db"));
    for (const row of columns.rows) {
      const file = `db/${row.table}.copy`;
      const copy = client.query(copyTo(`copy public.${ident(row.table)} (${row.columns.map(ident).join(", ")}) to stdout`));
      await pipeline(copy, createWriteStream(join(staging, file)));
      tables.push({ name: row.table, columns: row.columns, file });
    }
    const sequences = await client.query<{ name: string; value: string | null; called: boolean }>(`
      select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value)::text as value, last_value is not null as called
      from pg_sequences where schemaname = 'public' order by 1`);
    await client.query("commit");
    return {
      tables,
      sequences: sequences.rows.map((s) => ({ name: s.name, value: Number(s.value), called: s.called })),
      migration: { tag: entry.tag, when },
    };
  } finally {
    await client.end();
  }
}

/** Every stored file of MEDIA_DIR (sub-folders included), but uploads in progress (`*.upload`). */
async function mediaEntries(mediaDir: string): Promise<(TarEntry & { size: number })[]> {
  const root = resolve(mediaDir);
  const found = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const entries: (TarEntry & { size: number })[] = [];
  for (const dirent of found) {
    if (!dirent.isFile() || dirent.name.endsWith(".upload")) continue;
    const path = join(dirent.parentPath, dirent.name);
    const info = await stat(path).catch(() => null);
    // Gone since the listing (a contact's erasure): nothing to keep.
    if (!info) continue;
    entries.push({ name: mediaPrefix + relative(root, path).split("\\").join("/"), path, size: info.size, mayVanish: true });
  }
  return entries.sort((a, b) => a.name.localeCompare(b.name));
}
