import type { CreateQuickAnswerBody, UpdateQuickAnswerBody } from "@atendo/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCacheMutation } from "../../../lib/cache-mutation";
import { refetchListsInFlight } from "../../../lib/paged-cache";
import { useServerEvent } from "../../../lib/socket";
import { createQuickAnswer, deleteQuickAnswer, updateQuickAnswer } from "../api/quick-answers.api";
import { quickAnswerLists } from "../api/quick-answers.queries";

const { allLists, store, forget } = quickAnswerLists;

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
  const queryClient = useQueryClient();
  useServerEvent("quickAnswer", (event) => {
    if (event.action === "delete") forget(queryClient, event.quickAnswerId);
    else store(queryClient, event.quickAnswer);
    refetchListsInFlight(queryClient, allLists);
  });
}
