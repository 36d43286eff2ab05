import { automationRunResults, automationTriggers, type AutomationAction, type AutomationCondition } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { bigserialId, linkId, ownerId, serialId, timestamps, timestamptz } from "./columns.js";
import { inValues } from "./in-values.js";
import { tickets } from "./tickets.js";

/**
 * Automation rules (issue 33, docs/decisions/0093): run in `position` order; the index answers
 * "the enabled rules of this trigger" (the listener's read and the cache's).
 */
export const automationRules = pgTable(
  "automation_rules",
  {
    id: serialId(),
    name: text("name").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    position: integer("position").notNull().default(0),
    trigger: text("trigger", { enum: automationTriggers }).notNull(),
    idleMinutes: integer("idle_minutes"),
    conditions: jsonb("conditions").$type<AutomationCondition[]>().notNull().default([]),
    actions: jsonb("actions").$type<AutomationAction[]>().notNull(),
    webhookSecret: text("webhook_secret").notNull(),
    ...timestamps(),
  },
  (t) => [
    index("automation_rules_trigger_idx").on(t.trigger, t.position).where(sql`${t.enabled}`),
    check("automation_rules_trigger_check", inValues(t.trigger, automationTriggers)),
  ],
);

/** A rule's runs whose conditions held, the newest 100 kept (trimmed by each write). */
export const automationRuns = pgTable(
  "automation_runs",
  {
    id: bigserialId(),
    ruleId: ownerId("rule_id", () => automationRules.id),
    trigger: text("trigger", { enum: automationTriggers }).notNull(),
    ticketId: linkId("ticket_id", () => tickets.id),
    result: text("result", { enum: automationRunResults }).notNull(),
    error: text("error"),
    at: timestamptz("at").notNull().defaultNow(),
  },
  (t) => [index("automation_runs_rule_idx").on(t.ruleId, t.id), check("automation_runs_result_check", inValues(t.result, automationRunResults))],
);

/**
 * The periodic moments announced for a ticket (`idle:<minutes>`, `sla:<target>`) and what they
 * were announced for (the last activity, the due time): claimed by one UPDATE … RETURNING, so
 * each is announced once across instances, and again only for a new idle period or clock.
 */
export const automationMoments = pgTable(
  "automation_moments",
  {
    ticketId: ownerId("ticket_id", () => tickets.id),
    moment: text("moment").notNull(),
    at: timestamptz("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.moment] })],
);
