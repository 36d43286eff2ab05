import type { FeedbackMessage, FeedbackPage } from "@atendo/contracts";
import { desc, eq } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../core/actor.js";
import { pageOf, pageWindow } from "../../db/paging.js";
import { feedbacks, users } from "../../db/schema/index.js";
import { assertCanReadFeedback } from "./feedback.policy.js";

/** GET /feedback: the stored "Contact us" messages, newest first, with their sender's account. */
export async function listFeedback(ctx: AppContext, actor: Actor, pageNumber: number): Promise<FeedbackPage> {
  assertCanReadFeedback(actor);
  const { limit, offset } = pageWindow(pageNumber);
  const rows = await ctx.db
    .select({ feedback: feedbacks, sender: { id: users.id, name: users.name, email: users.email } })
    .from(feedbacks)
    .leftJoin(users, eq(users.id, feedbacks.userId))
    .orderBy(desc(feedbacks.createdAt), desc(feedbacks.id))
    .limit(limit)
    .offset(offset);
  const page = pageOf(rows);
  return { feedback: page.items.map(({ feedback, sender }) => presentFeedback(feedback, sender)), hasMore: page.hasMore };
}

function presentFeedback(row: typeof feedbacks.$inferSelect, sender: FeedbackMessage["sender"]): FeedbackMessage {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    name: row.name,
    sender,
    mailedAt: row.mailedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
