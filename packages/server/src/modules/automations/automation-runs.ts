import { automationLimits, type AutomationRunResult, type AutomationTrigger } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { automationRuns } from "../../db/schema/index.js";

/** What one run of a rule left: its result and, when an action failed, why. */
export interface RunRecord {
  ruleId: number;
  trigger: AutomationTrigger;
  ticketId: number | null;
  result: AutomationRunResult;
  error: string | null;
}

/**
 * Logs a run and trims the rule's log to its newest `automationLimits.runsKept` in the same
 * statement pair (a rule firing all day keeps a bounded log). Error texts are cut to 500 characters.
 */
export async function recordRun(db: Db, run: RunRecord): Promise<void> {
  await db.insert(automationRuns).values({ ...run, error: run.error?.slice(0, 500) ?? null });
  await db.execute(sql`
    delete from automation_runs where rule_id = ${run.ruleId} and id <= (
      select id from automation_runs where rule_id = ${run.ruleId} order by id desc offset ${automationLimits.runsKept} limit 1)`);
}
