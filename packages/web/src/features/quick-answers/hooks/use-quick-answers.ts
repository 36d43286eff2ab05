import type { CreateQuickAnswerBody, QuickAnswer, QuickAnswerPage, UpdateQuickAnswerBody } from "@atendo/contracts";
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from "@tanstack/react-query";
import { byText, nextPageNumber, refetchListsInFlight, refetchSearchedLists, removeFromPages, upsertInPages } from "../../../lib/paged-cache";
import { useServerEvent } from "../../../lib/socket";
import { createQuickAnswer, deleteQuickAnswer, listQuickAnswers, updateQuickAnswer } from "../api/quick-answers.api";

const allLists = ["quickAnswers", "list"] as const;
const listKey = (search: string) => ["quickAnswers", "list", search] as const;
const byShortcut = byText<QuickAnswer>((answer) => answer.shortcut);

type Data = InfiniteData<QuickAnswerPage>;

function eachList(queryClient: QueryClient, update: (data: Data, search: string) => Data | undefined): void {
  for (const [key, data] of queryClient.getQueriesData<Data>({ queryKey: allLists })) {
    if (data) queryClient.setQueryData<Data>(key, update(data, typeof key[2] === "string" ? key[2] : ""));
  }
}

function store(queryClient: QueryClient, answer: QuickAnswer): void {
  eachList(queryClient, (data, search) =>
    upsertInPages(data, "quickAnswers", answer, { compare: byShortcut, insert: search === "" }),
  );
}

function forget(queryClient: QueryClient, id: number): void {
  eachList(queryClient, (data) => removeFromPages(data, "quickAnswers", id));
}

/** Quick answers by shortcut, searched on shortcut and message, 20 a page. */
export function useQuickAnswersList(search: string) {
  return useInfiniteQuery({
    queryKey: listKey(search),
    queryFn: ({ pageParam, signal }) => listQuickAnswers({ searchParam: search, pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
    placeholderData: keepPreviousData,
    meta: { silent: true }, // the page shows the error itself
  });
}

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
  useServerEvent("quickAnswer", (event) => {
    if (event.action === "delete") forget(queryClient, event.quickAnswerId);
    else store(queryClient, event.quickAnswer);
    refetchListsInFlight(queryClient, allLists);
  });
}
