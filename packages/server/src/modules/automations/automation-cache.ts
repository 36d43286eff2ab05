import type { AutomationTrigger } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import { AppSlot } from "../../core/app-slots.js";
import type { Db } from "../../db/client.js";

/**
 * Which triggers have an enabled rule, as this instance last read them: what the automation
 * listener's `when` asks in the publishing write (synchronously, so no query), to keep no outbox
 * row for an event no rule hears. Re-read on this instance's `automation.changed` at once, and by
 * the `automation-cache` job every `limits.automationCacheSeconds` for changes made on another
 * instance (decision 0093). The listener itself reads the rules from the database when it runs.
 */
export class AutomationTriggerCache {
  private triggers = new Set<AutomationTrigger>();

  constructor(private readonly db: Db) {}

  has(trigger: AutomationTrigger): boolean {
    return this.triggers.has(trigger);
  }

  async refresh(): Promise<void> {
    const result: unknown = await this.db.execute(sql`select distinct trigger from automation_rules where enabled`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { trigger: AutomationTrigger }[];
    this.triggers = new Set(rows.map((row) => row.trigger));
  }
}

export const automationTriggersSlot = new AppSlot<AutomationTriggerCache>("automationTriggers");
