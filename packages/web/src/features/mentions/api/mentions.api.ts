import type { MentionPage, MentionResponse } from "@atendo/contracts";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { http } from "../../../lib/http";
import { nextPageNumber } from "../../../lib/paged-cache";

/** One's own mentions in private notes (decision 0073): unread first; page 1's `unread` is the badge. */
export const mentionsQuery = infiniteQueryOptions({
  queryKey: ["mentions"] as const,
  queryFn: ({ pageParam, signal }) => http.get<MentionPage>("/mentions", { query: { pageNumber: pageParam }, signal }),
  initialPageParam: 1,
  getNextPageParam: nextPageNumber,
});

export function markMentionRead(id: number): Promise<MentionResponse> {
  return http.put<MentionResponse>(`/mentions/${id}`, { read: true });
}
