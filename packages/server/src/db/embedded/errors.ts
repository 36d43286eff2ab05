/**
 * The embedded database cannot start: its message is one line naming the folder and what to do.
 * main.ts prints it without a stack trace and exits.
 */
export class DatabaseStartError extends Error {
  override name = "DatabaseStartError";
}
