import { z } from "zod";
import { listPage, listQuery, timestamps, positiveWholeText } from "./common.js";
import { limits } from "./limits.js";
import { entityEvent } from "./entity-event.js";

/**
 * A quick answer, shared by the whole team (docs/decisions/0007). `createdBy` is the user who
 * created it (null once that user is gone): only they or an admin may delete it.
 */
export const quickAnswer = z.object({
  id: z.number(),
  shortcut: z.string(),
  message: z.string(),
  createdBy: z.number().nullable(),
  ...timestamps,
});
export type QuickAnswer = z.infer<typeof quickAnswer>;

const shortcut = z.string().trim().min(limits.quickAnswerShortcut.min).max(limits.quickAnswerShortcut.max);
const message = z.string().trim().min(limits.quickAnswerMessage.min).max(limits.quickAnswerMessage.max);

/** POST /quickAnswers. Shortcuts are unique regardless of case (409 `ERR_QUICK_ANSWER_SHORTCUT_EXISTS`). */
export const createQuickAnswerBody = z.object({ shortcut, message });
export type CreateQuickAnswerBody = z.input<typeof createQuickAnswerBody>;

/** PUT /quickAnswers/{id}: the fields given change. */
export const updateQuickAnswerBody = createQuickAnswerBody.partial();
export type UpdateQuickAnswerBody = z.input<typeof updateQuickAnswerBody>;

/** GET /quickAnswers {searchParam, pageNumber}: by shortcut, searched on shortcut and message. */
export const listQuickAnswersQuery = listQuery;
export const quickAnswerPage = listPage("quickAnswers", quickAnswer);
export type QuickAnswerPage = z.infer<typeof quickAnswerPage>;

/**
 * GET /quickAnswers/lookup {q, limit}: suggestions for the message input's "/" (the text after
 * it is `q`). Shortcuts starting with `q` come first, then answers whose shortcut or message
 * contains `q` elsewhere, each group by shortcut; case-insensitive; at most `limit` (1–10,
 * default 10). An empty `q` lists the first shortcuts.
 */
export const quickAnswerLookupQuery = z.object({
  q: z.string().trim().max(limits.searchMaxChars).default(""),
  limit: positiveWholeText(limits.quickAnswerLookupMax).default(limits.quickAnswerLookupMax),
});
export type QuickAnswerLookupQuery = z.input<typeof quickAnswerLookupQuery>;
export const quickAnswerLookupResponse = z.object({ quickAnswers: z.array(quickAnswer) });

/** `quickAnswer` socket event: to every signed-in user (shared reference data, docs/decisions/0008). */
export const quickAnswerEvent = entityEvent("quickAnswer", quickAnswer);
export type QuickAnswerEvent = z.infer<typeof quickAnswerEvent>;
