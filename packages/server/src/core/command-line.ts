// What the operator commands (`npm run admin`, `npm run import:whaticket`) share around their work:
// the usage text, the exit codes, and one line for a failure the operator can act on.

/** A command line that asked for the usage, or could not be used (with what was wrong, when known). */
export type UsageCommand = { name: "help" } | { name: "usage-error"; message?: string };

/** Help: the usage on stdout, exit 0. A usage error: what was wrong and the usage on stderr, exit 2. */
export function answerUsage(command: UsageCommand, usage: string): number {
  if (command.name === "help") {
    console.log(usage);
    return 0;
  }
  console.error(command.message ? `${command.message}\n\n${usage}` : usage);
  return 2;
}

/**
 * Runs a command's main and exits with its code. A failure exits 1: as its message alone when
 * `isExpected` says the operator can act on it (bad configuration, a refused command), else whole.
 */
export function runCommand(main: () => Promise<number>, isExpected: (error: unknown) => error is Error): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(isExpected(error) ? error.message : error);
      process.exit(1);
    },
  );
}
