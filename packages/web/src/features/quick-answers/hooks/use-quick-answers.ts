import type { CreateQuickAnswerBody, UpdateQuickAnswerBody } from "@atendo/contracts";
import { useCacheMutation } from "../../../lib/cache-mutation";
import { useLiveCache } from "../../../lib/use-live-cache";
import { createQuickAnswer, deleteQuickAnswer, updateQuickAnswer } from "../api/quick-answers.api";
import { quickAnswerLists } from "../api/quick-answers.queries";

const { store, forget, refetchInFlight } = quickAnswerLists;

export function useSaveQuickAnswer(id: number | null) {
  return useCacheMutation(
    (body: CreateQuickAnswerBody & UpdateQuickAnswerBody) => (id === null ? createQuickAnswer(body) : updateQuickAnswer(id, body)),
    (queryClient, answer) => quickAnswerLists.storeOwn(queryClient, answer),
  );
}

export function useDeleteQuickAnswer() {
  return useCacheMutation(deleteQuickAnswer, (queryClient, _result, id) => forget(queryClient, id));
}

/** `quickAnswer` events: answers added, changed or removed by teammates. */
export function useQuickAnswersLive(): void {
  useLiveCache("quickAnswer", { store, forget, after: refetchInFlight });
}
