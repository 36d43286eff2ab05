import { AdminCommandError, openConfiguredDatabase, parseAdminCommand, resetPasswordCommand, usage } from "./admin-command.js";
import { ConfigError, loadConfig } from "./config.js";

// Entry of `npm run admin -- <command>` (root package.json); the work is in admin-command.ts.
async function main(): Promise<number> {
  const command = parseAdminCommand(process.argv.slice(2));
  if (command.name === "help") {
    console.log(usage);
    return 0;
  }
  if (command.name === "usage-error") {
    console.error(usage);
    return 2;
  }
  const database = await openConfiguredDatabase(loadConfig());
  try {
    return await resetPasswordCommand(database, command.email, { out: (line) => console.log(line), err: (line) => console.error(line) });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof AdminCommandError || error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
