import { z } from "zod";
import { limits } from "./limits.js";

/**
 * Opt-out (issue 31, docs/decisions/0086): a customer who writes one of the `optOutKeywords`
 * setting's words — and nothing else — is marked opted out and left out of every audience.
 */

/** The setting's value on a new install. */
export const defaultOptOutKeywords = "SAIR, PARAR, STOP";

/**
 * The form a text and a keyword are compared in: accents dropped, lower case, the punctuation,
 * symbols and spaces around it removed, inner spaces as one. "  Parar! " and "PARAR" are the same;
 * "não quero parar" is not "parar".
 */
export function optOutForm(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "")
    .replace(/\s+/g, " ");
}

/** The keywords of the setting's value, as typed (comma-separated; blanks dropped). Empty: opt-out by message is off. */
export function optOutKeywordsOf(value: string): string[] {
  return value
    .split(",")
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== "");
}

/** Whether a customer's text is one of the keywords (compared in optOutForm), not merely contains one. */
export function isOptOutText(text: string, keywords: readonly string[]): boolean {
  const form = optOutForm(text);
  return form !== "" && keywords.some((keyword) => optOutForm(keyword) === form);
}

/** What is wrong with a value of the setting, for the form to say; null when it may be saved. */
export type OptOutKeywordsProblem = "tooMany" | "tooLong" | "noLetter";

/**
 * The setting's rules: at most `maxKeywords` keywords of at most `keywordMax` characters, each with
 * a letter — a digit alone is a menu option or a survey score, never a wish to leave.
 */
export function optOutKeywordsProblem(value: string): OptOutKeywordsProblem | null {
  const { maxKeywords, keywordMax } = limits.optOutKeywords;
  const keywords = optOutKeywordsOf(value);
  if (keywords.length > maxKeywords) return "tooMany";
  if (keywords.some((keyword) => keyword.length > keywordMax)) return "tooLong";
  if (keywords.some((keyword) => !/\p{L}/u.test(optOutForm(keyword)))) return "noLetter";
  return null;
}

/**
 * PUT /settings/optOutKeywords's value: checked by optOutKeywordsProblem and stored as its
 * keywords joined by ", " (repeats, by optOutForm, once). "" turns opt-out by message off.
 */
export const optOutKeywordsSetting = z
  .string()
  .refine((value) => optOutKeywordsProblem(value) === null, "opt-out keywords: at most 20 words of 1–30 characters, each with a letter")
  .transform((value) => {
    const seen = new Set<string>();
    return optOutKeywordsOf(value)
      .filter((keyword) => !seen.has(optOutForm(keyword)) && seen.add(optOutForm(keyword)))
      .join(", ");
  });

/** GET /contacts/opted-out-count: how many contacts are opted out (every signed-in user sees every contact). */
export const optedOutCount = z.object({ count: z.number() });
export type OptedOutCount = z.infer<typeof optedOutCount>;
