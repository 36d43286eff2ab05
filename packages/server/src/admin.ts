import { AdminCommandError, openConfiguredDatabase, parseAdminCommand, resetPasswordCommand, usage } from "./admin-command.js";
import { ConfigError, loadConfig } from "./config.js";
import { answerUsage, runCommand } from "./core/command-line.js";

// Entry of `npm run admin -- <command>` (root package.json); the work is in admin-command.ts.
async function main(): Promise<number> {
  const command = parseAdminCommand(process.argv.slice(2));
  if (command.name !== "reset-password") return answerUsage(command, usage);
  const database = await openConfiguredDatabase(loadConfig());
  try {
    return await resetPasswordCommand(database, command.email, { out: (line) => console.log(line), err: (line) => console.error(line) });
  } finally {
    await database.close();
  }
}

runCommand(main, (error) => error instanceof AdminCommandError || error instanceof ConfigError);
