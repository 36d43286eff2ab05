import { z } from "zod";
import { limits } from "./limits.js";

export const feedbackTypes = ["BUG", "IDEA", "OTHER"] as const;

export const feedbackBody = z.object({
  name: z.string().trim().max(100).default(""),
  type: z.enum(feedbackTypes),
  message: z.string().trim().min(limits.feedbackMessage.min).max(limits.feedbackMessage.max),
});
export type FeedbackBody = z.input<typeof feedbackBody>;

export const feedbackResponse = z.object({ id: z.number(), mailed: z.boolean() });
