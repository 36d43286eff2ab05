import { useInfiniteQuery } from "@tanstack/react-query";
import { nextPageNumber } from "../../../lib/paged-cache";
import { listFeedback } from "../api/feedback.api";

export const feedbackMessagesKey = ["feedback", "messages"] as const;

/** The stored "Contact us" messages, page after page (admins). */
export function useFeedbackMessages() {
  return useInfiniteQuery({
    queryKey: feedbackMessagesKey,
    queryFn: ({ pageParam, signal }) => listFeedback(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
    meta: { silent: true }, // the section shows the error itself
  });
}
