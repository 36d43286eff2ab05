import type { ChatMessage } from "@atendo/contracts";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useServerEvent } from "../../../lib/socket";
import { applyMessageEvent, storeInPages, useMessagePages } from "../../messages";
import { listChatMessages } from "../api/chats.api";

export const chatMessagesKey = (chatId: number) => ["chats", "messages", chatId] as const;

/**
 * Messages a send answered into the chat's list. The answer can arrive after the live events of
 * the same messages (a reader with the chat open turns them read at once): the cache keeps the
 * copy further on.
 */
export function storeChatMessages(queryClient: QueryClient, chatId: number, messages: readonly ChatMessage[]): void {
  storeInPages(queryClient, chatMessagesKey(chatId), messages);
}

/** The chat's messages, oldest first. `appChatMessage` events of this chat add (create) or replace (update: ack, deleted) messages by id. */
export function useChatMessages(chatId: number) {
  const queryClient = useQueryClient();
  const query = useMessagePages(chatMessagesKey(chatId), (pageNumber, signal) => listChatMessages(chatId, pageNumber, signal));
  useServerEvent("appChatMessage", ({ message, action }) => {
    if (message.chatId === chatId) applyMessageEvent(queryClient, chatMessagesKey(chatId), action, message);
  });
  return query;
}
