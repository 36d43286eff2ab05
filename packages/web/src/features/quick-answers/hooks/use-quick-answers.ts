import { quickAnswerEvent, type CreateQuickAnswerBody, type UpdateQuickAnswerBody } from "@atendo/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refetchListsInFlight, refetchSearchedLists } from "../../../lib/paged-cache";
import { useSocketEvent } from "../../../lib/socket";
import { createQuickAnswer, deleteQuickAnswer, updateQuickAnswer } from "../api/quick-answers.api";
import { quickAnswerLists } from "../api/quick-answers.queries";

const { allLists, store, forget } = quickAnswerLists;

export function useSaveQuickAnswer(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateQuickAnswerBody & UpdateQuickAnswerBody) =>
      id === null ? createQuickAnswer(body) : updateQuickAnswer(id, body),
    onSuccess: (answer) => {
      store(queryClient, answer);
      refetchSearchedLists(queryClient, allLists);
    },
  });
}

export function useDeleteQuickAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteQuickAnswer(id),
    onSuccess: (_result, id) => forget(queryClient, id),
  });
}

/** `quickAnswer` events: answers added, changed or removed by teammates. */
export function useQuickAnswersLive(): void {
  const queryClient = useQueryClient();
  useSocketEvent("quickAnswer", (payload: unknown) => {
    const parsed = quickAnswerEvent.safeParse(payload);
    if (!parsed.success) return;
    if (parsed.data.action === "delete") forget(queryClient, parsed.data.quickAnswerId);
    else store(queryClient, parsed.data.quickAnswer);
    refetchListsInFlight(queryClient, allLists);
  });
}
