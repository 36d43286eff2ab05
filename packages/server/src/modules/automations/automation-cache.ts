import type { AutomationCondition, AutomationTrigger } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { AppSlot } from "../../core/app-slots.js";
import type { Db } from "../../db/client.js";
import { automationRules } from "../../db/schema/index.js";
import { conditionHolds } from "./automation-match.js";
import type { RuleMoment } from "./automation-moment.js";

interface CachedRule {
  trigger: AutomationTrigger;
  idleMinutes: number | null;
  conditions: AutomationCondition[];
}

/** Conditions that need a read (the contact's labels, opening hours): a cached check cannot rule them out. */
const needsRead = new Set<AutomationCondition["field"]>(["contactTagId", "withinHours"]);

/**
 * The enabled rules as this instance last read them: what the automation listener's `when` asks
 * in the publishing write (synchronously, so no query) to keep an outbox row only for an event a
 * rule may act on — its trigger has an enabled rule whose conditions the event itself does not
 * contradict (those needing a read count as holding). Re-read on this instance's
 * `automation.changed` at once, and by the `automation-cache` job every
 * `automationLimits.cacheSeconds` for changes made on another instance (decision 0093). The
 * listener reads the rules from the database again when it runs, and decides there.
 */
export class AutomationTriggerCache {
  private rules: CachedRule[] = [];

  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
  ) {}

  has(trigger: AutomationTrigger): boolean {
    return this.rules.some((rule) => rule.trigger === trigger);
  }

  /** Whether an enabled rule may act on this moment (false: no rule can; keep no row). */
  mayAct(moment: RuleMoment): boolean {
    const facts = { queueId: moment.ticket.queueId, connectionId: moment.ticket.whatsappId, channelKind: moment.ticket.whatsapp.kind, contactTagIds: [], text: moment.text, withinHours: true, at: moment.at };
    return this.rules.some(
      (rule) =>
        rule.trigger === moment.trigger &&
        (rule.trigger !== "ticketIdle" || rule.idleMinutes === moment.idleMinutes) &&
        rule.conditions.every((condition) => needsRead.has(condition.field) || conditionHolds(condition, facts, this.timeZone)),
    );
  }

  async refresh(): Promise<void> {
    this.rules = await this.db
      .select({ trigger: automationRules.trigger, idleMinutes: automationRules.idleMinutes, conditions: automationRules.conditions })
      .from(automationRules)
      .where(eq(automationRules.enabled, true));
  }
}

export const automationTriggersSlot = new AppSlot<AutomationTriggerCache>("automationTriggers");
