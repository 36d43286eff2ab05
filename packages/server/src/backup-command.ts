import { existsSync } from "node:fs";
import { openConfiguredDatabase } from "./admin-command.js";
import type { Config } from "./config.js";
import type { UsageCommand } from "./core/command-line.js";
import { openAppDatabase } from "./db/app-database.js";
import { findPostgresBinaries } from "./db/embedded/binaries.js";
import { EMBEDDED_DATABASE, runningServerUrl } from "./db/embedded/embedded-server.js";
import { BackupError } from "./db/backup/backup-manifest.js";
import { restoreBackup } from "./db/backup/backup-restore.js";
import { writeBackup } from "./db/backup/backup-write.js";

// `npm run backup -- --to <file>` and `npm run restore -- --from <file> [--force]` (root
// package.json): the database and MEDIA_DIR in one archive, from and into the install of this
// environment (DATABASE_URL, or the embedded server in EMBEDDED_POSTGRES_DIR). docs/deployment.md.

export const backupUsage = [
  "Usage: npm run backup -- --to <file.tar.gz>",
  "       npm run restore -- --from <file.tar.gz> [--force]",
  "",
  "backup   The database (one consistent snapshot, while Atendo runs) and MEDIA_DIR's files, in one archive.",
  "restore  Into an empty install (stop Atendo first). --force replaces a database that has data and",
  "         writes over MEDIA_DIR's files.",
].join("\n");

export type BackupCommand = { name: "backup"; to: string } | { name: "restore"; from: string; force: boolean } | UsageCommand;

/** Reads the command line: the verb (given by the npm script) and its options. */
export function parseBackupCommand(args: readonly string[]): BackupCommand {
  const [verb, ...rest] = args;
  if (rest.some((arg) => arg === "--help" || arg === "-h")) return { name: "help" };
  const valueOf = (flag: string) => {
    const at = rest.indexOf(flag);
    return at === -1 ? undefined : rest[at + 1];
  };
  const known = new Set(["--to", "--from", "--force"]);
  const unknown = rest.filter((arg, i) => arg.startsWith("-") && !known.has(arg) && !known.has(rest[i - 1] ?? ""));
  if (unknown.length > 0) return { name: "usage-error", message: `Unknown option: ${unknown.join(" ")}` };
  if (verb === "backup") {
    const to = valueOf("--to");
    return to ? { name: "backup", to } : { name: "usage-error", message: "Say where to write the archive: --to <file>" };
  }
  if (verb === "restore") {
    const from = valueOf("--from");
    return from ? { name: "restore", from, force: rest.includes("--force") } : { name: "usage-error", message: "Say which archive to restore: --from <file>" };
  }
  return { name: "usage-error" };
}

/** Runs a backup or a restore against the configured install; returns the exit code. */
export async function runBackupCommand(command: Extract<BackupCommand, { name: "backup" | "restore" }>, config: Config, out: (line: string) => void): Promise<number> {
  if (command.name === "restore") await refuseRunningEmbedded(config);
  // A restore onto a new machine: the embedded server's folder is created (and migrated) first.
  const fresh = command.name === "restore" && !config.DATABASE_URL && !existsSync(config.EMBEDDED_POSTGRES_DIR);
  const database = fresh ? await openAppDatabase(config, { report: out }) : await openConfiguredDatabase(config);
  try {
    if (!database.url) {
      throw new BackupError("Backups need a PostgreSQL server (DATABASE_URL or the embedded one); with PGlite, stop Atendo and copy PGLITE_DIR and MEDIA_DIR.");
    }
    if (command.name === "backup") {
      const manifest = await writeBackup({ url: database.url, mediaDir: config.MEDIA_DIR, to: command.to, appVersion: config.APP_VERSION });
      out(`Backup written to ${command.to}: ${manifest.tables.length} tables, ${manifest.media.files} media files, at migration ${manifest.migration.tag}.`);
    } else {
      const manifest = await restoreBackup({ url: database.url, mediaDir: config.MEDIA_DIR, from: command.from, force: command.force });
      out(`Restored ${command.from} (made ${manifest.createdAt}): ${manifest.tables.length} tables, ${manifest.media.files} media files. Start Atendo.`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * A restore under a running Atendo would leave its caches and sockets on rows that changed under
 * them: refused on the embedded server, whose running state is known (at DATABASE_URL it is the
 * operator's to stop, as docs/deployment.md says).
 */
async function refuseRunningEmbedded(config: Config): Promise<void> {
  if (config.DATABASE_URL || !existsSync(config.EMBEDDED_POSTGRES_DIR)) return;
  const binaries = await findPostgresBinaries();
  if (binaries && runningServerUrl(config.EMBEDDED_POSTGRES_DIR, binaries, EMBEDDED_DATABASE)) {
    throw new BackupError(`Atendo is running on ${config.EMBEDDED_POSTGRES_DIR}: stop it first, then restore.`);
  }
}
