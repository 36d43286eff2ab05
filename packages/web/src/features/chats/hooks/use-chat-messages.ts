import { liveMessagesOf } from "../../messages";
import { listChatMessages } from "../api/chats.api";

export const chatMessagesKey = (chatId: number) => ["chats", "messages", chatId] as const;

/** A chat's messages, oldest first, kept current by its `appChatMessage` events. */
export const useChatMessages = liveMessagesOf({ key: chatMessagesKey, fetchPage: listChatMessages, event: "appChatMessage", conversationOf: (message) => message.chatId });
