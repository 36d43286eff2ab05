import type {
  AddChatParticipantsBody,
  Chat,
  ChatMessage,
  ChatMessagePage,
  ChatPage,
  CreateChatBody,
  RenameChatBody,
} from "@atendo/contracts";
import { http, type UploadTransfer } from "../../../lib/http";
import { conversationSends } from "../../messages";

/** What one cached chat list asks the server for (spec §2: search, admins' show-all). */
export interface ChatListFilter {
  search: string;
  showAll: boolean;
}

export function listChats(filter: ChatListFilter, pageNumber: number, signal?: AbortSignal): Promise<ChatPage> {
  return http.get<ChatPage>("/chats", { query: { searchParam: filter.search, pageNumber, showAll: filter.showAll }, signal });
}

/** How many of the user's chats hold unread messages (the drawer badge and the title count). */
export async function countUnreadChats(signal?: AbortSignal): Promise<number> {
  const page = await http.get<ChatPage>("/chats", { query: { pageNumber: 1, withUnreadMessages: true }, signal });
  return page.count;
}

export function getChat(chatId: number, signal?: AbortSignal): Promise<Chat> {
  return http.get<Chat>(`/chats/${chatId}`, { signal });
}

export function createChat(body: CreateChatBody): Promise<Chat> {
  return http.post<Chat>("/chats", body);
}

export function renameChat(chatId: number, body: RenameChatBody): Promise<Chat> {
  return http.put<Chat>(`/chats/${chatId}`, body);
}

export function addChatParticipants(chatId: number, body: AddChatParticipantsBody): Promise<Chat> {
  return http.post<Chat>(`/chats/${chatId}/participant`, body);
}

export function removeChatParticipant(chatId: number, userId: number): Promise<{ ok: true }> {
  return http.delete<{ ok: true }>(`/chats/${chatId}/participant/${userId}`);
}

export function listChatMessages(chatId: number, pageNumber: number, signal?: AbortSignal): Promise<ChatMessagePage> {
  return http.get<ChatMessagePage>(`/chatmessages/${chatId}`, { query: { pageNumber }, signal });
}

/** PUT /chatmessages/{chatId}: the caller has read the chat (spec §4: leaving a chat page). */
export function markChatRead(chatId: number): Promise<{ ok: true }> {
  return http.put<{ ok: true }>(`/chatmessages/${chatId}`);
}

/** A chat's sends (POST /chatmessages/{chatId}), as a ticket's. */
export const chatSends = (chatId: number) => (transfer?: UploadTransfer) => conversationSends<ChatMessage>(`/chatmessages/${chatId}`, transfer);

export function deleteChatMessage(message: Pick<ChatMessage, "id">, isLastMessageSent: boolean): Promise<{ ok: true }> {
  return http.delete<{ ok: true }>(`/chatmessages/${message.id}`, { isLastMessageSent });
}
