import type { feedbackBody } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { feedbacks } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";

type Feedback = z.output<typeof feedbackBody>;

/** Stores the feedback first, so a mail failure never loses it (then ERR_SEND_MAIL). */
export async function submitFeedback(ctx: AppContext, actor: Actor, body: Feedback) {
  const name = body.name || actor.name;
  const [row] = await ctx.db
    .insert(feedbacks)
    .values({ userId: actor.id, name, type: body.type, message: body.message })
    .returning({ id: feedbacks.id });
  if (!row) throw new AppError("ERR_INTERNAL");

  const to = ctx.config.FEEDBACK_TO ?? ctx.config.ADMIN_EMAIL;
  if (!ctx.mailer) return { id: row.id, mailed: false };
  try {
    await ctx.mailer.send({
      to,
      replyTo: actor.email,
      subject: `[${ctx.config.APP_TITLE}] ${body.type} from ${name}`,
      text: body.message,
    });
  } catch {
    throw new AppError("ERR_SEND_MAIL");
  }
  await ctx.db.update(feedbacks).set({ mailedAt: new Date() }).where(eq(feedbacks.id, row.id));
  return { id: row.id, mailed: true };
}
