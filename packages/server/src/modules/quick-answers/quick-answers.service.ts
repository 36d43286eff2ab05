import type {
  createQuickAnswerBody,
  ParsedListQuery,
  QuickAnswer,
  QuickAnswerPage,
  updateQuickAnswerBody,
} from "@atendo/contracts";
import { asc, eq, ilike, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { containsPattern, pageOf, pageWindow } from "../../db/paging.js";
import { insertRow, updateRow } from "../../db/row-writes.js";
import { quickAnswers } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { assertCanDeleteQuickAnswer } from "./quick-answer.policy.js";

export type QuickAnswerRow = typeof quickAnswers.$inferSelect;
type CreateQuickAnswer = z.output<typeof createQuickAnswerBody>;
type UpdateQuickAnswer = z.output<typeof updateQuickAnswerBody>;

export function presentQuickAnswer(row: QuickAnswerRow): QuickAnswer {
  return {
    id: row.id,
    shortcut: row.shortcut,
    message: row.message,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Ordered by shortcut, regardless of case; ties (impossible by the unique index) by id. */
export const byShortcut = [asc(sql`lower(${quickAnswers.shortcut})`), asc(quickAnswers.id)];

/** A written answer as the API shows it, announced. */
async function announceWritten(ctx: AppContext, action: "create" | "update", row: QuickAnswerRow): Promise<QuickAnswer> {
  const quickAnswer = presentQuickAnswer(row);
  await ctx.events.emit("quickAnswer.changed", { event: { action, quickAnswer } });
  return quickAnswer;
}

async function findQuickAnswer(ctx: AppContext, id: number): Promise<QuickAnswerRow> {
  const [row] = await ctx.db.select().from(quickAnswers).where(eq(quickAnswers.id, id)).limit(1);
  if (!row) throw new AppError("ERR_NO_QUICK_ANSWER_FOUND");
  return row;
}

export async function listQuickAnswers(ctx: AppContext, query: ParsedListQuery): Promise<QuickAnswerPage> {
  const pattern = containsPattern(query.searchParam);
  const { limit, offset } = pageWindow(query.pageNumber);
  const rows = await ctx.db
    .select()
    .from(quickAnswers)
    .where(query.searchParam ? or(ilike(quickAnswers.shortcut, pattern), ilike(quickAnswers.message, pattern)) : undefined)
    .orderBy(...byShortcut)
    .limit(limit)
    .offset(offset);
  const page = pageOf(rows);
  return { quickAnswers: page.items.map(presentQuickAnswer), hasMore: page.hasMore };
}

export async function getQuickAnswer(ctx: AppContext, id: number): Promise<QuickAnswer> {
  return presentQuickAnswer(await findQuickAnswer(ctx, id));
}

/** Any signed-in user adds answers for the whole team. */
export async function createQuickAnswer(ctx: AppContext, actor: Actor, body: CreateQuickAnswer): Promise<QuickAnswer> {
  const row = await insertRow(ctx.db, quickAnswers, { shortcut: body.shortcut, message: body.message, createdBy: actor.id });
  return announceWritten(ctx, "create", row);
}

/** Any signed-in user may correct a shared answer. */
export async function updateQuickAnswer(ctx: AppContext, id: number, body: UpdateQuickAnswer): Promise<QuickAnswer> {
  const row = await updateRow(ctx.db, quickAnswers, id, { shortcut: body.shortcut, message: body.message }, "ERR_NO_QUICK_ANSWER_FOUND");
  return announceWritten(ctx, "update", row);
}

/** Removing an answer the whole team uses is for its author or an admin. */
export async function deleteQuickAnswer(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const row = await findQuickAnswer(ctx, id);
  assertCanDeleteQuickAnswer(actor, row);
  await ctx.db.delete(quickAnswers).where(eq(quickAnswers.id, id));
  await ctx.events.emit("quickAnswer.changed", { event: { action: "delete", quickAnswerId: id } });
}
