import { timing, type Chat } from "@atendo/contracts";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { createCoalescer } from "../../../lib/count-refresh";
import { updateFilteredLists } from "../../../lib/paged-cache";
import { useServerEvent } from "../../../lib/socket";
import { setUnreadCount } from "../../../lib/unread";
import type { ChatListFilter } from "../api/chats.api";
import { applyChat, chatAfterMessage, markChatRead, removeChat, type ChatListData, type ChatViewer } from "./chat-list-cache";
import { chatKey, chatListsKey, unreadChatsKey, useUnreadChatsCount } from "./use-chat-list";

function eachList(queryClient: QueryClient, update: (data: ChatListData, filter: ChatListFilter) => ChatListData | undefined): void {
  updateFilteredLists(queryClient, chatListsKey, update);
}

/** A chat as it is now: into the lists it belongs to, and the open chat's own query. */
export function storeChat(queryClient: QueryClient, chat: Chat, viewer: ChatViewer): void {
  eachList(queryClient, (data, filter) => applyChat(data, chat, filter, viewer));
  if (queryClient.getQueryData(chatKey(chat.id))) queryClient.setQueryData(chatKey(chat.id), chat);
}

/**
 * Live chat list updates (spec §4) and the unread count of the drawer badge and the title.
 * Mounted once for the signed-in app. `openChatId` is the chat on screen: its new messages do
 * not count as unread.
 */
export function useChatsLive(viewer: ChatViewer | null, openChatId: number | null): void {
  const queryClient = useQueryClient();
  const unread = useUnreadChatsCount(viewer !== null);
  const count = viewer ? (unread.data ?? 0) : 0;
  useEffect(() => setUnreadCount("chats", count), [count]);
  const refreshCount = useMemo(
    () => createCoalescer(() => void queryClient.invalidateQueries({ queryKey: unreadChatsKey }), timing.debounceMs, 4 * timing.debounceMs),
    [queryClient],
  );
  useEffect(() => () => refreshCount.cancel(), [refreshCount]);

  useServerEvent("chat", (event) => {
    if (!viewer) return;
    if (event.action === "delete") {
      eachList(queryClient, (data) => removeChat(data, event.chatId));
      queryClient.removeQueries({ queryKey: chatKey(event.chatId) });
    } else if (event.action === "updateUnread") {
      eachList(queryClient, (data, filter) => markChatRead(data, event.chatId, filter, viewer));
    } else storeChat(queryClient, event.chat, viewer);
    refreshCount.schedule();
  });

  useServerEvent("appChatMessage", (event) => {
    if (event.action !== "create" || !viewer) return;
    storeChat(queryClient, chatAfterMessage(event.chat, openChatId), viewer);
    refreshCount.schedule();
  });
}
