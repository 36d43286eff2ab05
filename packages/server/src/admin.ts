import { AdminCommandError, commandLineEvents, openConfiguredDatabase, parseAdminCommand, resetPasswordCommand, resetTwoFactorCommand, usage } from "./admin-command.js";
import { ConfigError, loadConfig } from "./config.js";
import { answerUsage, runCommand } from "./core/command-line.js";

// Entry of `npm run admin -- <command>` (root package.json); the work is in admin-command.ts.
async function main(): Promise<number> {
  const command = parseAdminCommand(process.argv.slice(2));
  if (command.name === "help" || command.name === "usage-error") return answerUsage(command, usage);
  const database = await openConfiguredDatabase(loadConfig());
  const output = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };
  try {
    const events = commandLineEvents(database);
    if (command.name === "reset-password") return await resetPasswordCommand(database, command.email, output, events);
    return await resetTwoFactorCommand(database, command.email, output, (event) => events.publish(event));
  } finally {
    await database.close();
  }
}

runCommand(main, (error) => error instanceof AdminCommandError || error instanceof ConfigError);
