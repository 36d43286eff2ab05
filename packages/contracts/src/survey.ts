import { z } from "zod";
import { limits } from "./limits.js";

/**
 * A connection's satisfaction survey (issue 30, docs/decisions/0081). When `enabled`, a ticket
 * closed by a person or by the customer's close code gets the `question` (empty: the default, in
 * the customer language, "rate 1 to 5"); one closed by auto-close only when `onAutoClose`. Never
 * sent to groups; one per ticket. A score of `limits.surveyLowScoreMax` or less is followed by a
 * request for a comment when `askComment`. The customer has `windowHours` to answer.
 */
export const connectionSurvey = z.object({
  enabled: z.boolean(),
  question: z.string().trim().max(limits.surveyQuestionMax).default(""),
  askComment: z.boolean().default(false),
  windowHours: z.number().int().min(limits.surveyWindowHours.min).max(limits.surveyWindowHours.max).default(limits.surveyWindowHours.default),
  onAutoClose: z.boolean().default(false),
});
export type ConnectionSurvey = z.output<typeof connectionSurvey>;
export type ConnectionSurveyInput = z.input<typeof connectionSurvey>;

export const defaultConnectionSurvey: ConnectionSurvey = {
  enabled: false,
  question: "",
  askComment: false,
  windowHours: limits.surveyWindowHours.default,
  onAutoClose: false,
};

/** A closed ticket's answer to its survey: the score (1–5), the comment asked after a low one, and when it was given. */
export const ticketRating = z.object({
  score: z.number().int().min(limits.surveyScore.min).max(limits.surveyScore.max),
  comment: z.string().nullable(),
  ratedAt: z.string(),
});
export type TicketRating = z.infer<typeof ticketRating>;

/**
 * The score in a customer's answer: a digit from 1 to 5, alone, maybe with spaces and punctuation
 * around it ("4", " 5!", "(3)"); anything else (words, "10", "4 stars", "3 4") is not an answer.
 */
export function surveyScoreOf(text: string): number | null {
  const match = /^[\s\p{P}\p{S}]*([1-5])[\s\p{P}\p{S}]*$/u.exec(text);
  return match ? Number(match[1]) : null;
}
