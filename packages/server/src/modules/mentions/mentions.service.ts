import { limits, type MentionPage, type MentionResponse } from "@atendo/contracts";
import { and, desc, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { noteMentions } from "../../db/schema/index.js";
import { pageOf, pageWindow } from "../../db/paging.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { presentMentions, unreadMentions } from "./mention.presenter.js";

/** GET /mentions: the actor's own mentions, unread first, then newest first (decision 0073). */
export async function listMentions(ctx: AppContext, actor: Actor, pageNumber: number): Promise<MentionPage> {
  const { limit, offset } = pageWindow(pageNumber, limits.pageSize);
  const rows = await ctx.db
    .select()
    .from(noteMentions)
    .where(eq(noteMentions.userId, actor.id))
    .orderBy(sql`${noteMentions.readAt} is null desc`, desc(noteMentions.id))
    .limit(limit)
    .offset(offset);
  const page = pageOf(rows, limits.pageSize);
  return { mentions: await presentMentions(ctx.db, page.items), hasMore: page.hasMore, unread: await unreadMentions(ctx.db, actor.id) };
}

/**
 * PUT /mentions/{id} {read}: only one's own (anyone else's answers 404 ERR_MENTION_NOT_FOUND, as
 * a missing one: whom others were mentioned is not theirs to learn). The user's other tabs hear it.
 */
export async function markMention(ctx: AppContext, actor: Actor, id: number, read: boolean): Promise<MentionResponse> {
  const [row] = await ctx.db
    .update(noteMentions)
    .set({ readAt: read ? sql`coalesce(${noteMentions.readAt}, now())` : null })
    .where(and(eq(noteMentions.id, id), eq(noteMentions.userId, actor.id)))
    .returning();
  if (!row) throw new AppError("ERR_MENTION_NOT_FOUND");
  const [mention] = await presentMentions(ctx.db, [row]);
  if (!mention) throw new AppError("ERR_MENTION_NOT_FOUND");
  const unread = await unreadMentions(ctx.db, actor.id);
  await ctx.events.emit("mention.updated", { userId: actor.id, mention, unread });
  return { mention, unread };
}
