import { foldText, matchesPattern, weekTime, type AutomationCondition, type ConnectionKind } from "@atendo/contracts";

/** What a rule's conditions are read against: the ticket at the event, and the event's text and time. */
export interface RuleFacts {
  queueId: number | null;
  connectionId: number | null;
  channelKind: ConnectionKind | null;
  /** The contact's labels (read only when a condition asks). */
  contactTagIds: readonly number[];
  /** The message's text; "" for an event without one. */
  text: string;
  /** Whether the ticket's queue's opening hours (else its connection's) hold at the event (read only when asked). */
  withinHours: boolean;
  at: Date;
}

/** The facts a rule's conditions need beyond the event itself (each one more read). */
export function factsNeeded(conditions: readonly AutomationCondition[]): { contactTags: boolean; hours: boolean } {
  return { contactTags: conditions.some((c) => c.field === "contactTagId"), hours: conditions.some((c) => c.field === "withinHours") };
}

function equality(op: "is" | "isNot", same: boolean): boolean {
  return op === "is" ? same : !same;
}

/** One condition on the facts (docs/decisions/0093): text compares accents and case aside. */
export function conditionHolds(condition: AutomationCondition, facts: RuleFacts, timeZone: string): boolean {
  switch (condition.field) {
    case "queueId":
      return equality(condition.op, facts.queueId === condition.value);
    case "connectionId":
      return equality(condition.op, facts.connectionId === condition.value);
    case "channelKind":
      return equality(condition.op, facts.channelKind === condition.value);
    case "contactTagId":
      return equality(condition.op, facts.contactTagIds.includes(condition.value));
    case "withinHours":
      return equality(condition.op, facts.withinHours === condition.value);
    case "weekday":
      return equality(condition.op, weekTime(facts.at, timeZone).day === condition.value);
    case "text": {
      const text = foldText(facts.text.trim());
      const value = foldText(condition.value);
      switch (condition.op) {
        case "is":
          return text === value;
        case "isNot":
          return text !== value;
        case "contains":
          return text.includes(value);
        case "matches":
          return matchesPattern(condition.value, facts.text);
      }
    }
  }
}

/** Whether all of a rule's conditions hold (none: always). */
export function ruleMatches(conditions: readonly AutomationCondition[], facts: RuleFacts, timeZone: string): boolean {
  return conditions.every((condition) => conditionHolds(condition, facts, timeZone));
}
