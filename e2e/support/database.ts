import { inject } from "vitest";
import { runSql } from "../../packages/server/src/test/spawned-database.js";

/**
 * One statement on the journeys' server database: to move a moment (a due time) instead of
 * waiting for it. Only for what a person could not do through the screens in a journey's time.
 */
export function sqlOnServer<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const url = inject("databaseUrl");
  if (!url) throw new Error("the journeys' server runs on no embedded database this journey can reach");
  return runSql<T>(url, text, values);
}
