import { useLiveMessagePages } from "../../messages";
import { listChatMessages } from "../api/chats.api";

export const chatMessagesKey = (chatId: number) => ["chats", "messages", chatId] as const;

/** The chat's messages, oldest first, kept current by its `appChatMessage` events. */
export function useChatMessages(chatId: number) {
  return useLiveMessagePages(
    chatMessagesKey(chatId),
    (pageNumber, signal) => listChatMessages(chatId, pageNumber, signal),
    "appChatMessage",
    (message) => message.chatId === chatId,
  );
}
