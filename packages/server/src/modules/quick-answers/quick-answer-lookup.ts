import type { QuickAnswer } from "@atendo/contracts";
import { and, ilike, notInArray, or, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { containsPattern, prefixPattern } from "../../db/paging.js";
import { quickAnswers } from "../../db/schema/index.js";
import { byShortcut, presentQuickAnswer } from "./quick-answers.service.js";

/**
 * Suggestions for the message input's "/": shortcuts starting with `q` first (this query uses
 * the lower(shortcut) text_pattern_ops index), then, only when the page is not full, answers
 * whose shortcut or message contains `q` elsewhere.
 */
export async function lookupQuickAnswers(ctx: AppContext, q: string, limit: number): Promise<QuickAnswer[]> {
  const text = q.toLowerCase();
  const byPrefix = await ctx.db
    .select()
    .from(quickAnswers)
    .where(sql`lower(${quickAnswers.shortcut}) like ${prefixPattern(text)}`)
    .orderBy(...byShortcut)
    .limit(limit);
  if (byPrefix.length >= limit || text === "") return byPrefix.map(presentQuickAnswer);

  const seen = byPrefix.map((row) => row.id);
  const pattern = containsPattern(text);
  const byContent = await ctx.db
    .select()
    .from(quickAnswers)
    .where(
      and(
        or(ilike(quickAnswers.shortcut, pattern), ilike(quickAnswers.message, pattern)),
        seen.length ? notInArray(quickAnswers.id, seen) : undefined,
      ),
    )
    .orderBy(...byShortcut)
    .limit(limit - byPrefix.length);
  return [...byPrefix, ...byContent].map(presentQuickAnswer);
}
