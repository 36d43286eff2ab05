import type { ChatMessage, ChatMessagePage } from "@atendo/contracts";
import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { nextPageNumber } from "../../../lib/paged-cache";
import { useServerEvent } from "../../../lib/socket";
import { flattenMessages, replaceMessage, upsertMessage } from "../../messages";
import { listChatMessages } from "../api/chats.api";

type ChatMessagesData = InfiniteData<ChatMessagePage>;

export const chatMessagesKey = (chatId: number) => ["chats", "messages", chatId] as const;

/** The copy of `message` already in the list, if any. */
function cachedCopy(data: ChatMessagesData | undefined, message: ChatMessage): ChatMessage | undefined {
  for (const page of data?.pages ?? []) {
    const found = page.messages.find((item) => item.id === message.id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Messages a send answered into the chat's list. The answer can arrive after the live events of
 * the same messages (a reader with the chat open turns them read at once): a copy already further
 * on (a higher ack, or deleted) is kept, since acks only rise.
 */
export function storeChatMessages(queryClient: QueryClient, chatId: number, messages: readonly ChatMessage[]): void {
  queryClient.setQueryData<ChatMessagesData>(chatMessagesKey(chatId), (data) =>
    messages.reduce((pages, message) => {
      const cached = cachedCopy(pages, message);
      return cached && (cached.ack > message.ack || cached.isDeleted) ? pages : upsertMessage(pages, message);
    }, data),
  );
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
