import { createReadStream } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { BackupError, manifestName, mediaPrefix, type BackupManifest } from "./backup-manifest.js";
import { ident } from "./backup-write.js";
import { extractTarGz } from "./tar.js";

export interface RestoreOptions {
  /** The migrated PostgreSQL database to restore into. */
  url: string;
  mediaDir: string;
  /** The archive `npm run backup` wrote. */
  from: string;
  /** Replace a database that has data, and write over MEDIA_DIR's files. */
  force: boolean;
}

/** Rows here mean someone uses this install: never replaced without --force. */
const inUseTables = ["users", "contacts", "connections", "tickets"];

/**
 * Restores an archive of writeBackup into a database migrated to the same migration as the one
 * backed up (docs/decisions/0096) and into MEDIA_DIR. The rows go in one transaction: every table
 * emptied, each filled by COPY (parents before children), the sequences set; a failure leaves
 * the database as it was. Media files are moved in after that commit.
 */
export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  const mediaDir = resolve(options.mediaDir);
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  let staging: string | undefined;
  try {
    if (!options.force) await refuseInUse(client, mediaDir);
    // Beside MEDIA_DIR: the same disk, so its files are moved in rather than copied.
    await mkdir(dirname(mediaDir), { recursive: true });
    staging = await mkdtemp(join(dirname(mediaDir), ".atendo-restore-"));
    const names = await extractTarGz(options.from, staging).catch((error: Error) => {
      throw new BackupError(`${options.from} is not a readable backup archive: ${error.message}`);
    });
    if (!names.includes(manifestName)) throw new BackupError(`${options.from} is not an Atendo backup (no ${manifestName}).`);
    const manifest = JSON.parse(await readFile(join(staging, manifestName), "utf8")) as BackupManifest;
    if (manifest.format !== "atendo-backup" || manifest.version !== 1) throw new BackupError(`${options.from} is not an Atendo backup this release reads.`);
    await checkSameMigration(client, manifest);
    await loadRows(client, manifest, staging);
    await moveMedia(join(staging, mediaPrefix), mediaDir);
    return manifest;
  } finally {
    await client.end();
    if (staging) await rm(staging, { recursive: true, force: true });
  }
}

async function refuseInUse(client: pg.Client, mediaDir: string): Promise<void> {
  for (const table of inUseTables) {
    const rows = await client.query(`select 1 from public.${ident(table)} limit 1`);
    if (rows.rowCount) throw new BackupError(`The target database has data (${table}): restore into an empty one, or add --force to replace it.`);
  }
  const files = await readdir(mediaDir).catch(() => [] as string[]);
  if (files.some((name) => !name.endsWith(".upload"))) {
    throw new BackupError(`${mediaDir} has files: restore into an empty folder, or add --force to write over it.`);
  }
}

async function checkSameMigration(client: pg.Client, manifest: BackupManifest): Promise<void> {
  const result = await client.query<{ when: string | null }>("select max(created_at)::text as when from drizzle.__drizzle_migrations");
  const when = Number(result.rows[0]?.when ?? 0);
  if (when !== manifest.migration.when) {
    throw new BackupError(
      `The backup was made at migration ${manifest.migration.tag} (Atendo ${manifest.appVersion}); this database is at another one. ` +
        "Restore with the release that made the backup, then upgrade as usual (docs/deployment.md).",
    );
  }
}

/** The tables in an order where each comes after those its foreign keys point at (self-references need none). */
async function parentsFirst(client: pg.Client, tables: readonly string[]): Promise<string[]> {
  const edges = await client.query<{ child: string; parent: string }>(`
    select child.relname as child, parent.relname as parent
    from pg_constraint k
    join pg_class child on child.oid = k.conrelid
    join pg_class parent on parent.oid = k.confrelid
    where k.contype = 'f' and k.connamespace = 'public'::regnamespace and k.conrelid <> k.confrelid`);
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const { child, parent } of edges.rows) if (parents.has(child) && parents.has(parent)) parents.get(child)!.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (ready.length === 0) throw new BackupError(`Foreign keys form a cycle among ${tables.filter((t) => !placed.has(t)).join(", ")}: this restore cannot order them.`);
    for (const t of ready) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

async function loadRows(client: pg.Client, manifest: BackupManifest, staging: string): Promise<void> {
  const existing = await client.query<{ name: string }>(`select c.relname as name from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'`);
  const names = new Set(existing.rows.map((r) => r.name));
  const missing = manifest.tables.filter((t) => !names.has(t.name)).map((t) => t.name);
  if (missing.length > 0) throw new BackupError(`The backup has tables this database lacks (${missing.join(", ")}).`);
  const byName = new Map(manifest.tables.map((t) => [t.name, t]));
  const order = await parentsFirst(client, [...byName.keys()]);
  await client.query("begin");
  try {
    // Every table, the backup's or not: what the migrations seeded and what --force replaces alike.
    await client.query(`truncate ${[...names].map((n) => `public.${ident(n)}`).join(", ")} restart identity cascade`);
    for (const name of order) {
      const table = byName.get(name)!;
      const copy = client.query(copyFrom(`copy public.${ident(name)} (${table.columns.map(ident).join(", ")}) from stdin`));
      await pipeline(createReadStream(join(staging, table.file)), copy);
    }
    for (const sequence of manifest.sequences) {
      await client.query("select setval(to_regclass($1), $2, $3) where to_regclass($1) is not null", [sequence.name, sequence.value, sequence.called]);
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  }
}

/** Moves the restored files into MEDIA_DIR (a copy where a rename cannot cross disks). */
async function moveMedia(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  const found = await readdir(from, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const dirent of found) {
    if (!dirent.isFile()) continue;
    const source = join(dirent.parentPath, dirent.name);
    const target = join(to, source.slice(from.length));
    await mkdir(dirname(target), { recursive: true });
    await rename(source, target).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== "EXDEV") throw error;
      await copyFile(source, target);
    });
  }
}
