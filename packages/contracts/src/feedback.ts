import { z } from "zod";
import { listPage, pageNumber } from "./common.js";
import { limits } from "./limits.js";

export const feedbackTypes = ["BUG", "IDEA", "OTHER"] as const;

export const feedbackBody = z.object({
  name: z.string().trim().max(100).default(""),
  type: z.enum(feedbackTypes),
  message: z.string().trim().min(limits.feedbackMessage.min).max(limits.feedbackMessage.max),
});
export type FeedbackBody = z.input<typeof feedbackBody>;

export const feedbackResponse = z.object({ id: z.number(), mailed: z.boolean() });

/**
 * GET /feedback (admins): what was sent through "Contact us", newest first, `limits.pageSize` a
 * page. Every message is stored whether or not a mailer exists, so admins read them here;
 * `mailedAt` says when it was also e-mailed (null: stored only).
 */
export const listFeedbackQuery = z.object({ pageNumber });
export type ListFeedbackQuery = z.input<typeof listFeedbackQuery>;

export const feedbackMessage = z.object({
  id: z.number(),
  type: z.enum(feedbackTypes),
  message: z.string(),
  /** The name given in the form (the sender's name by default). */
  name: z.string(),
  /** The sender's account: null once that user was deleted for good. */
  sender: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  mailedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type FeedbackMessage = z.infer<typeof feedbackMessage>;

export const feedbackPage = listPage("feedback", feedbackMessage);
export type FeedbackPage = z.infer<typeof feedbackPage>;
