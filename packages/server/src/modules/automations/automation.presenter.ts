import type { AutomationRule, AutomationRun } from "@atendo/contracts";
import type { automationRules, automationRuns } from "../../db/schema/index.js";

export type AutomationRuleRow = typeof automationRules.$inferSelect;

export function presentAutomation(row: AutomationRuleRow): AutomationRule {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    position: row.position,
    trigger: row.trigger,
    idleMinutes: row.idleMinutes,
    conditions: row.conditions,
    actions: row.actions,
    webhookSecret: row.webhookSecret,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentRun(row: typeof automationRuns.$inferSelect): AutomationRun {
  return { id: row.id, trigger: row.trigger, ticketId: row.ticketId, result: row.result, error: row.error, at: row.at.toISOString() };
}
