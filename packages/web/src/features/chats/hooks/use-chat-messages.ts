import type { ChatMessage, ChatMessagePage } from "@atendo/contracts";
import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { nextPageNumber } from "../../../lib/paged-cache";
import { useServerEvent } from "../../../lib/socket";
import { flattenMessages, replaceMessage, upsertMessage } from "../../messages";
import { listChatMessages } from "../api/chats.api";

type ChatMessagesData = InfiniteData<ChatMessagePage>;

export const chatMessagesKey = (chatId: number) => ["chats", "messages", chatId] as const;

/** Messages the server returned (a send's answer, a live event) into the chat's list. */
export function storeChatMessages(queryClient: QueryClient, chatId: number, messages: readonly ChatMessage[]): void {
  queryClient.setQueryData<ChatMessagesData>(chatMessagesKey(chatId), (data) => messages.reduce(upsertMessage, data));
}

/**
 * The chat's messages, oldest first; `fetchNextPage` loads older ones. `appChatMessage` events of
 * this chat add (create) or replace (update: ack, deleted) messages by id.
 */
export function useChatMessages(chatId: number) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: chatMessagesKey(chatId),
    queryFn: ({ pageParam, signal }) => listChatMessages(chatId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
    staleTime: 0,
  });

  useServerEvent("appChatMessage", ({ message, action }) => {
    if (message.chatId !== chatId) return;
    queryClient.setQueryData<ChatMessagesData>(chatMessagesKey(chatId), (data) =>
      action === "create" ? upsertMessage(data, message) : replaceMessage(data, message),
    );
  });

  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  return { ...query, messages };
}
