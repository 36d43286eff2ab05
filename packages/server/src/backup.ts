import { AdminCommandError } from "./admin-command.js";
import { backupUsage, parseBackupCommand, runBackupCommand } from "./backup-command.js";
import { ConfigError, loadConfig } from "./config.js";
import { answerUsage, runCommand } from "./core/command-line.js";
import { BackupError } from "./db/backup/backup-manifest.js";

// Entry of `npm run backup` and `npm run restore` (root package.json); the work is in backup-command.ts.
async function main(): Promise<number> {
  const command = parseBackupCommand(process.argv.slice(2));
  if (command.name !== "backup" && command.name !== "restore") return answerUsage(command, backupUsage);
  return runBackupCommand(command, loadConfig(), (line) => console.log(line));
}

runCommand(main, (error) => error instanceof BackupError || error instanceof AdminCommandError || error instanceof ConfigError);
