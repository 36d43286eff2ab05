import type { AutomationBody, ErrorCode } from "@atendo/contracts";
import type { automationBody } from "@atendo/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { connections, queues, quickAnswers, tags, users } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";

export type AutomationForm = z.output<typeof automationBody>;
export type { AutomationBody };

/** The ids a rule names, by what they name. */
function idsOf(rule: AutomationForm) {
  const ids = { queue: new Set<number>(), connection: new Set<number>(), tag: new Set<number>(), user: new Set<number>(), quickAnswer: new Set<number>() };
  for (const c of rule.conditions) {
    if (c.field === "queueId") ids.queue.add(c.value);
    if (c.field === "connectionId") ids.connection.add(c.value);
    if (c.field === "contactTagId") ids.tag.add(c.value);
  }
  for (const a of rule.actions) {
    if (a.type === "assignQueue") ids.queue.add(a.queueId);
    if (a.type === "assignUser") ids.user.add(a.userId);
    if (a.type === "addTag" || a.type === "removeTag") ids.tag.add(a.tagId);
    if (a.type === "sendQuickAnswer") ids.quickAnswer.add(a.quickAnswerId);
  }
  return ids;
}

async function assertAll(found: Promise<{ id: number }[]>, wanted: Set<number>, code: ErrorCode): Promise<void> {
  if (wanted.size === 0) return;
  if ((await found).length !== wanted.size) throw new AppError(code);
}

/**
 * Every queue, connection, label, active user and quick answer a rule names exists (404 with its
 * code), and its webhook addresses are allowed (ERR_WEBHOOK_URL_NOT_ALLOWED): checked on save. One
 * deleted later makes that action fail in the run log, never the rule's other actions.
 */
export async function assertReferences(ctx: AppContext, rule: AutomationForm): Promise<void> {
  const ids = idsOf(rule);
  const { db } = ctx;
  const some = (set: Set<number>) => [...set];
  await assertAll(db.select({ id: queues.id }).from(queues).where(inArray(queues.id, some(ids.queue))), ids.queue, "ERR_NO_QUEUE_FOUND");
  await assertAll(db.select({ id: connections.id }).from(connections).where(inArray(connections.id, some(ids.connection))), ids.connection, "ERR_NO_WAPP_FOUND");
  await assertAll(db.select({ id: tags.id }).from(tags).where(inArray(tags.id, some(ids.tag))), ids.tag, "ERR_NO_TAG_FOUND");
  await assertAll(
    db.select({ id: users.id }).from(users).where(and(inArray(users.id, some(ids.user)), eq(users.isDeleted, false))),
    ids.user,
    "ERR_NO_USER_FOUND",
  );
  await assertAll(db.select({ id: quickAnswers.id }).from(quickAnswers).where(inArray(quickAnswers.id, some(ids.quickAnswer))), ids.quickAnswer, "ERR_NO_QUICK_ANSWER_FOUND");
  for (const action of rule.actions) if (action.type === "webhook") await ctx.webhookGuard.assertAllowed(action.url);
}
