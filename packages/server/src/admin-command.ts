import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "./config.js";
import { AppError } from "./core/app-error.js";
import { openAppDatabase } from "./db/app-database.js";
import { openDatabase, type Database } from "./db/client.js";
import { findPostgresBinaries } from "./db/embedded/binaries.js";
import { EMBEDDED_DATABASE, runningServerUrl } from "./db/embedded/embedded-server.js";
import { pgliteUsedBy } from "./db/pglite-lock.js";
import type { DomainEvent } from "./events/domain-events.js";
import { DomainEvents } from "./events/event-bus.js";
import { listenWithAudit } from "./modules/audit/audit-listener.js";
import { resetPasswordByEmail } from "./modules/auth/password-reset.service.js";
import { resetTwoFactorByEmail } from "./modules/auth/two-factor-reset.service.js";

// `npm run admin -- <command>`: maintenance a person runs on the server's machine, against the
// database `npm start` uses (same environment: DATABASE_URL, or EMBEDDED_POSTGRES_DIR). See the README.

export const usage = [
  "Usage: npm run admin -- <command>",
  "",
  "Commands:",
  "  reset-password <email>   Give this user a new generated password (printed once) and end every",
  "                           sign-in of theirs. For a locked-out admin: sign in, then change it in Profile.",
  "  reset-2fa <email>        Turn off this user's two-factor sign-in (lost phone and recovery codes):",
  "                           they sign in with their password, and enrol again if it is required.",
].join("\n");

/** A failure to tell the person at the terminal, in one sentence, without a stack trace. */
export class AdminCommandError extends Error {}

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/**
 * The database `npm start` uses: the server at DATABASE_URL; the embedded server, reached while an
 * Atendo runs on it or started for the moment; or, where no PostgreSQL binary exists, the PGlite
 * folder, refused while a running server holds it (PGlite is one process at a time). A folder
 * that does not exist is refused: wrong folder or environment.
 */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) return migrated(openDatabase({ url: config.DATABASE_URL, poolSize: 1 }));
  const binaries = await findPostgresBinaries();
  if (!binaries) return openPgliteFallback(config);
  if (!existsSync(config.EMBEDDED_POSTGRES_DIR) && !existsSync(join(config.PGLITE_DIR, "PG_VERSION"))) {
    throw new AdminCommandError(
      `No database in ${config.EMBEDDED_POSTGRES_DIR}. Run this from the folder where you run npm start, with the same DATABASE_URL or EMBEDDED_POSTGRES_DIR.`,
    );
  }
  const running = existsSync(config.EMBEDDED_POSTGRES_DIR) ? runningServerUrl(config.EMBEDDED_POSTGRES_DIR, binaries, EMBEDDED_DATABASE) : undefined;
  // The running Atendo migrated its database; this command only reads and writes rows.
  if (running) return openDatabase({ url: running, poolSize: 1 });
  return openAppDatabase(config, { report: (line) => console.log(line) });
}

async function openPgliteFallback(config: Config): Promise<Database> {
  const dir = config.PGLITE_DIR;
  if (!existsSync(join(dir, "PG_VERSION"))) {
    throw new AdminCommandError(`No database in ${dir}. Run this from the folder where you run npm start, with the same DATABASE_URL or PGLITE_DIR.`);
  }
  const holder = pgliteUsedBy(dir);
  if (holder) {
    throw new AdminCommandError(
      `The server (process ${holder.pid}) is using the database in ${dir}: stop it first, then run this again. ` +
        `(If no server is running, delete ${holder.lockFile}.)`,
    );
  }
  return migrated(openDatabase({ pgliteDir: dir, poolSize: 1 }));
}

async function migrated(database: Database): Promise<Database> {
  await database.migrate();
  return database;
}

export type AdminCommand = { name: "reset-password" | "reset-2fa"; email: string } | { name: "help" } | { name: "usage-error" };

/** Reads the command line (the arguments after `npm run admin --`). */
export function parseAdminCommand(args: readonly string[]): AdminCommand {
  const [command, ...rest] = args;
  if ((command === "reset-password" || command === "reset-2fa") && rest.length === 1 && rest[0]) return { name: command, email: rest[0] };
  if (command === "help" || command === "--help" || command === "-h") return { name: "help" };
  return { name: "usage-error" };
}

/**
 * The command line's own event bus: what it changes is written to the audit log like any change
 * (its in-write listener; no request, so no person or address: "the command line").
 */
export function commandLineEvents(database: Database): DomainEvents {
  const events = new DomainEvents(database.db, { error: (details, message) => console.error(message, details) });
  listenWithAudit(events);
  return events;
}

/** A command about one active user: its lines and 0, or one line and 1 when no active user has the email. */
async function aboutUser(email: string, output: CommandOutput, run: () => Promise<string[]>): Promise<number> {
  try {
    for (const line of await run()) output.out(line);
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.code === "ERR_NO_USER_FOUND") {
      output.err(`No active user has the email ${email}. Nothing was changed.`);
      return 1;
    }
    throw error;
  }
}

/** `reset-password <email>` on an open database; returns the process exit code. */
export function resetPasswordCommand(database: Database, email: string, output: CommandOutput, events: DomainEvents): Promise<number> {
  return aboutUser(email, output, async () => {
    const reset = await resetPasswordByEmail(database.db, email, events);
    return [`New password for ${reset.email}: ${reset.password}`, "Every sign-in of this user has ended. Sign in with this password, then change it in Profile."];
  });
}

/**
 * `reset-2fa <email>` on an open database; returns the process exit code. `publish` receives the
 * `auth.credentialsChanged` event (byUserId null: the command line).
 */
export function resetTwoFactorCommand(
  database: Database,
  email: string,
  output: CommandOutput,
  publish: (event: DomainEvent) => Promise<void>,
): Promise<number> {
  return aboutUser(email, output, async () => {
    const reset = await resetTwoFactorByEmail(database.db, email, publish);
    return [`Two-factor sign-in is off for ${reset.email}. They sign in with their password (and enrol again if it is required).`];
  });
}
