import { z } from "zod";
import { patternProblem } from "./automation-text.js";
import { entityName, timestamps } from "./common.js";
import { connectionKinds } from "./connections.js";
import { entityEvent } from "./entity-event.js";
import { failsWith } from "./errors.js";
import { automationLimits, limits } from "./limits.js";

/** When a rule runs (issue 33, docs/decisions/0093). */
export const automationTriggers = ["ticketCreated", "messageReceived", "ticketClosed", "ticketIdle", "slaAtRisk", "tagAdded"] as const;
export type AutomationTrigger = (typeof automationTriggers)[number];

export const automationConditionFields = ["queueId", "connectionId", "channelKind", "contactTagId", "text", "withinHours", "weekday"] as const;
export type AutomationConditionField = (typeof automationConditionFields)[number];

export const automationConditionOps = ["is", "isNot", "contains", "matches"] as const;
export type AutomationConditionOp = (typeof automationConditionOps)[number];

export const automationActionTypes = ["assignQueue", "assignUser", "addTag", "removeTag", "sendMessage", "sendQuickAnswer", "addNote", "close", "webhook"] as const;
export type AutomationActionType = (typeof automationActionTypes)[number];

const id = z.number().int().positive().max(2_147_483_647);
const equality = z.enum(["is", "isNot"]);

/**
 * One condition `{field, op, value}`; a rule runs when all hold. Ids compare with `is`/`isNot`
 * (`contactTagId is 3`: the contact carries label 3); `text` (the message's, or "" for events
 * without one) also `contains` and `matches` (a pattern, accents and case aside; refused with
 * 400 ERR_AUTOMATION_PATTERN when unsafe: contracts automation-text.ts); `withinHours is true`:
 * the ticket's queue's opening hours, else its connection's, hold at the event; `weekday` 0–6
 * (Sunday 0) on the install's TIME_ZONE.
 */
export const automationCondition = z.discriminatedUnion("field", [
  z.object({ field: z.literal("queueId"), op: equality, value: id }),
  z.object({ field: z.literal("connectionId"), op: equality, value: id }),
  z.object({ field: z.literal("contactTagId"), op: equality, value: id }),
  z.object({ field: z.literal("channelKind"), op: equality, value: z.enum(connectionKinds) }),
  z.object({ field: z.literal("text"), op: z.enum(automationConditionOps), value: z.string().trim().min(1).max(automationLimits.textMax) }),
  z.object({ field: z.literal("withinHours"), op: equality, value: z.boolean() }),
  z.object({ field: z.literal("weekday"), op: equality, value: z.number().int().min(0).max(6) }),
]);
export type AutomationCondition = z.infer<typeof automationCondition>;

/** An http(s) address (checked against private networks on save and at each call). */
const webhookUrl = z.string().trim().max(2000).pipe(z.url({ protocol: /^https?$/ }));

/** One action; a rule's actions run in order, each through the same service a person's move uses. */
export const automationAction = z.discriminatedUnion("type", [
  z.object({ type: z.literal("assignQueue"), queueId: id }),
  z.object({ type: z.literal("assignUser"), userId: id }),
  z.object({ type: z.literal("addTag"), tagId: id }),
  z.object({ type: z.literal("removeTag"), tagId: id }),
  z.object({ type: z.literal("sendMessage"), body: z.string().trim().min(1).max(limits.campaignBodyMax) }),
  z.object({ type: z.literal("sendQuickAnswer"), quickAnswerId: id }),
  z.object({ type: z.literal("addNote"), body: z.string().trim().min(1).max(limits.campaignBodyMax) }),
  z.object({ type: z.literal("close") }),
  z.object({ type: z.literal("webhook"), url: webhookUrl }),
]);
export type AutomationAction = z.infer<typeof automationAction>;

/**
 * POST /automations and PUT /automations/{id} (admins): the whole rule. `idleMinutes` is required
 * by (and only read for) `ticketIdle`. `position` places the rule in the order rules run (0 first;
 * default: last); the others move to make room. Ids an action or condition names must exist (404
 * with the entity's code); a webhook URL on a private network is refused (ERR_WEBHOOK_URL_NOT_ALLOWED).
 */
export const automationBody = z
  .object({
    name: entityName,
    enabled: z.boolean().default(true),
    position: z.number().int().min(0).max(10_000).optional(),
    trigger: z.enum(automationTriggers),
    idleMinutes: z.number().int().min(automationLimits.idleMinutes.min).max(automationLimits.idleMinutes.max).nullable().default(null),
    conditions: z.array(automationCondition).max(automationLimits.conditionsMax).default([]),
    actions: z.array(automationAction).min(1).max(automationLimits.actionsMax),
  })
  .refine(
    (rule) => rule.conditions.every((c) => c.field !== "text" || c.op !== "matches" || patternProblem(c.value) === null),
    failsWith("ERR_AUTOMATION_PATTERN", "a `matches` pattern is too long, not a pattern, or may run away"),
  )
  .refine((rule) => rule.trigger !== "ticketIdle" || rule.idleMinutes !== null, { message: "ticketIdle needs idleMinutes", path: ["idleMinutes"] });
export type AutomationBody = z.input<typeof automationBody>;

export const automationRule = z.object({
  id: z.number(),
  name: z.string(),
  enabled: z.boolean(),
  position: z.number(),
  trigger: z.enum(automationTriggers),
  idleMinutes: z.number().nullable(),
  conditions: z.array(automationCondition),
  actions: z.array(automationAction),
  /** Signs the webhook action's POSTs (`X-Atendo-Signature`, as the API channel's webhooks). */
  webhookSecret: z.string(),
  ...timestamps,
});
export type AutomationRule = z.infer<typeof automationRule>;

export const automationRunResults = ["done", "failed", "loopGuard"] as const;
export type AutomationRunResult = (typeof automationRunResults)[number];

/** One run of a rule whose conditions held (GET /automations/{id}/runs, newest first; the last 100 kept). */
export const automationRun = z.object({
  id: z.number(),
  trigger: z.enum(automationTriggers),
  ticketId: z.number().nullable(),
  result: z.enum(automationRunResults),
  error: z.string().nullable(),
  at: z.string(),
});
export type AutomationRun = z.infer<typeof automationRun>;

/** POST /automations/dry-run: the rule against the last 50 events of its trigger, nothing written. */
export const automationDryRunItem = z.object({
  ticketId: z.number(),
  at: z.string(),
  /** The message's text, for messageReceived. */
  text: z.string().nullable(),
  matched: z.boolean(),
  /** What would have run (none when not matched). */
  actions: z.array(automationAction),
});
export const automationDryRun = z.object({ trigger: z.enum(automationTriggers), items: z.array(automationDryRunItem) });
export type AutomationDryRun = z.infer<typeof automationDryRun>;

/** `automation` socket event (admins). */
export const automationEvent = entityEvent("automation", automationRule);
export type AutomationEvent = z.infer<typeof automationEvent>;
