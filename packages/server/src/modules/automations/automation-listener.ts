import { automationLimits } from "@atendo/contracts";
import { and, asc, eq } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { automationRules } from "../../db/schema/index.js";
import type { DomainEvents, DurableDelivery } from "../../events/event-bus.js";
import type { AutomationRuleRow } from "./automation.presenter.js";
import { runAction } from "./automation-actions.js";
import type { AutomationTriggerCache } from "./automation-cache.js";
import { loadFacts } from "./automation-facts.js";
import { ruleMatches } from "./automation-match.js";
import { automationEvents, momentOf, type RuleMoment } from "./automation-moment.js";
import { recordRun } from "./automation-runs.js";

/** The automation listener's name in the event outbox (event_deliveries.listener). */
export const automationListenerKey = "automation.rules";

/** The enabled rules of a trigger, in order. */
export function enabledRules(ctx: AppContext, moment: RuleMoment): Promise<AutomationRuleRow[]> {
  return ctx.db
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.trigger, moment.trigger), eq(automationRules.enabled, true)))
    .orderBy(asc(automationRules.position), asc(automationRules.id));
}

function errorText(error: unknown): string {
  if (error instanceof Error) return "code" in error && typeof error.code === "string" ? error.code : error.message;
  return String(error);
}

/**
 * One rule on one event: its conditions read, then — unless the event is more than
 * `automationLimits.depthMax` automatic steps deep (the loop guard) — its actions in order, one
 * step deeper (`events.caused`), stopping at the first that fails. Only runs whose conditions held
 * are logged.
 */
async function runRule(ctx: AppContext, rule: AutomationRuleRow, moment: RuleMoment, delivery: DurableDelivery): Promise<void> {
  if (moment.trigger === "ticketIdle" && rule.idleMinutes !== moment.idleMinutes) return;
  const facts = await loadFacts(ctx.db, moment.ticket, moment, rule.conditions, ctx.config.TIME_ZONE);
  if (!ruleMatches(rule.conditions, facts, ctx.config.TIME_ZONE)) return;
  const run = { ruleId: rule.id, trigger: moment.trigger, ticketId: moment.ticket.id };
  if (delivery.depth > automationLimits.depthMax) {
    await recordRun(ctx.db, { ...run, result: "loopGuard", error: `${delivery.depth} automatic steps deep` });
    return;
  }
  try {
    await ctx.events.caused(delivery.depth + 1, async () => {
      for (const action of rule.actions) await runAction(ctx, rule, action, moment, delivery.id);
    });
    await recordRun(ctx.db, { ...run, result: "done", error: null });
  } catch (error) {
    ctx.log.warn({ err: error, ruleId: rule.id, ticketId: moment.ticket.id }, "automation rule failed");
    await recordRun(ctx.db, { ...run, result: "failed", error: errorText(error) });
  }
}

/**
 * Automation rules (issue 33, docs/decisions/0093): a durable listener of the events rules trigger
 * on, so each event is run once across instances, by whichever claims its outbox row. `when` keeps
 * a row only for an event an enabled rule may act on (the rule cache, automation-cache.ts); the rules are read
 * from the database at run time, in order. A failed action is logged and not retried (a retry
 * would repeat the actions already done).
 */
export function listenWithAutomations(events: DomainEvents, ctx: AppContext, cache: AutomationTriggerCache): void {
  events.on("automation.changed", "automation.cache", () => cache.refresh());
  events.durable(
    automationEvents,
    automationListenerKey,
    async (payload, name, delivery) => {
      const moment = momentOf(name, payload);
      if (!moment) return;
      for (const rule of await enabledRules(ctx, moment)) await runRule(ctx, rule, moment, delivery);
    },
    {
      when: (payload, name) => {
        const moment = momentOf(name, payload);
        return moment !== null && cache.mayAct(moment);
      },
    },
  );
}
