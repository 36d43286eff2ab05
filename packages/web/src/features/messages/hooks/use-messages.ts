import type { Message } from "@atendo/contracts";
import { useInfiniteQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { nextPageNumber } from "../../../lib/paged-cache";
import { useServerEvent } from "../../../lib/socket";
import { listMessages } from "../api/messages.api";
import { flattenMessages, replaceMessage, upsertMessage, type MessagesData } from "../lib/messages-cache";

export const messagesKey = (ticketId: number) => ["messages", ticketId] as const;

/** Puts messages the server returned (a send's answer, a live event) into the ticket's list. */
export function storeMessages(queryClient: QueryClient, ticketId: number, messages: readonly Message[]): void {
  queryClient.setQueryData<MessagesData>(messagesKey(ticketId), (data) => messages.reduce(upsertMessage, data));
}

/**
 * The ticket's messages, oldest first; `fetchNextPage` loads older ones. `appMessage` events of
 * this ticket add or replace messages by id (the sender gets its own message twice: once in the
 * answer, once live).
 */
export function useMessages(ticketId: number) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: messagesKey(ticketId),
    queryFn: ({ pageParam, signal }) => listMessages(ticketId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
    // Live events keep the list current while it is shown; coming back reads page 1 again, which
    // also marks the ticket read (docs/decisions/0014).
    staleTime: 0,
  });

  useServerEvent("appMessage", ({ message, action }) => {
    if (message.ticketId !== ticketId) return;
    queryClient.setQueryData<MessagesData>(messagesKey(ticketId), (data) =>
      action === "create" ? upsertMessage(data, message) : replaceMessage(data, message),
    );
  });

  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  return { ...query, messages };
}
