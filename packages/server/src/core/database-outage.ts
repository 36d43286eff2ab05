import { isDatabaseUnavailable } from "./db-errors.js";

/** First wait after a failure for want of the database, doubled up to the longest. */
const FIRST_WAIT_MS = 250;
const LONGEST_WAIT_MS = 5_000;

/**
 * Runs `work` until it succeeds or fails for a reason other than the database being unreachable
 * (core/db-errors.ts): a message a channel already acknowledged to its sender waits here, in
 * memory, for the database to come back rather than being dropped (docs/decisions/0100). Any
 * other error is thrown as is. `onWait` hears each failure before its wait (a log line).
 */
export async function retryWhileDatabaseUnavailable<T>(work: () => Promise<T>, onWait: (error: unknown, failures: number) => void): Promise<T> {
  for (let failures = 1; ; failures++) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      onWait(error, failures);
      await new Promise((resolve) => setTimeout(resolve, Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - 1))));
    }
  }
}
