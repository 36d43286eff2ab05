import type { QuickAnswer, QuickAnswerPage } from "@atendo/contracts";
import { byText, searchedListsCache, searchedPagesOptions } from "../../../lib/paged-cache";
import { listQuickAnswers } from "./quick-answers.api";

/** Every loaded copy of the quick-answers list (one per search), in the server's order. */
export const quickAnswerLists = searchedListsCache<"quickAnswers", QuickAnswer, QuickAnswerPage>(
  "quickAnswers",
  "quickAnswers",
  byText<QuickAnswer>((answer) => answer.shortcut),
);

/** Quick answers by shortcut, searched on shortcut and message, 20 a page. */
export function quickAnswersListQueryOptions(search: string) {
  return searchedPagesOptions("quickAnswers", search, listQuickAnswers);
}
