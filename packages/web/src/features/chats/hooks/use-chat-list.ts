import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { livePagesOptions } from "../../../lib/paged-cache";
import { readPreference, storageKeys, writePreference } from "../../../lib/local-storage";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { countUnreadChats, getChat, listChats, type ChatListFilter } from "../api/chats.api";

/** Every cached chat list (each search, with or without show-all): live events walk them all. */
export const chatListsKey = ["chats", "list"] as const;
export const chatListKey = (filter: ChatListFilter) => [...chatListsKey, filter] as const;
export const chatKey = (chatId: number) => ["chats", "one", chatId] as const;
export const unreadChatsKey = ["chats", "unread"] as const;

/** The chat list, page after page; kept current by live events (use-chats-live). */
export function useChatList(filter: ChatListFilter) {
  return useInfiniteQuery({
    ...livePagesOptions(chatListKey(filter), (pageNumber, signal) => listChats(filter, pageNumber, signal)),
    placeholderData: keepPreviousData,
  });
}

export function useChat(chatId: number) {
  return useQuery({ queryKey: chatKey(chatId), queryFn: ({ signal }) => getChat(chatId, signal) });
}

export function useUnreadChatsCount(enabled: boolean) {
  return useQuery({
    queryKey: unreadChatsKey,
    queryFn: ({ signal }) => countUnreadChats(signal),
    enabled,
    staleTime: Infinity,
    meta: { silent: true },
  });
}

/** The list's search (sent 500 ms after typing stops, spec §9) and admins' show-all, remembered locally. */
export function useChatListFilter() {
  const [searchText, setSearchText] = useState("");
  const [showAll, setShowAllState] = useState(() => readPreference(storageKeys.showAllChats) === "true");
  const search = useDebouncedValue(searchText.trim());
  const setShowAll = (value: boolean) => {
    writePreference(storageKeys.showAllChats, String(value));
    setShowAllState(value);
  };
  const filter: ChatListFilter = { search, showAll };
  return { searchText, setSearchText, showAll, setShowAll, filter };
}
