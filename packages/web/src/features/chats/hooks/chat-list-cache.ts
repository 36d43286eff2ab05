import { can, type Chat, type ChatPage, type Profile } from "@atendo/contracts";
import type { InfiniteData } from "@tanstack/react-query";
import { removeFromPages, upsertInPages } from "../../../lib/paged-cache";
import type { ChatListFilter } from "../api/chats.api";

/**
 * Pure rules behind the chat list's live updates (spec §4): which cached list a chat belongs to
 * after an event, where it goes, and what a new message does to its unread count. The server only
 * sends what the user may read; these rules decide what the list shows.
 */

export type ChatListData = InfiniteData<ChatPage>;

/** The signed-in user, as far as the list rules need them. */
export interface ChatViewer {
  id: number;
  profile: Profile;
}

export function isParticipant(chat: Pick<Chat, "userChat">, viewerId: number): boolean {
  return chat.userChat.some((participant) => participant.userId === viewerId);
}

/** A chat shows in a list when the user takes part, or for an admin with show-all on. */
export function belongsToList(chat: Chat, filter: ChatListFilter, viewer: ChatViewer): boolean {
  return isParticipant(chat, viewer.id) || (filter.showAll && can(viewer.profile, "chats-manager:showall"));
}

/** The server's order: chats with unread messages first, then the most recent activity, then the newest. */
export function byUnreadThenRecent(a: Chat, b: Chat): number {
  const unread = Number(b.unreadMessages > 0) - Number(a.unreadMessages > 0);
  if (unread !== 0) return unread;
  const left = Date.parse(a.updatedAt);
  const right = Date.parse(b.updatedAt);
  if (left !== right) return right - left;
  return b.id - a.id;
}

/**
 * A chat created or changed: placed in a list it belongs to (never added to a searched list: only
 * the server knows what matches), removed from one it left (a removed participant without show-all).
 */
export function applyChat(data: ChatListData | undefined, chat: Chat, filter: ChatListFilter, viewer: ChatViewer): ChatListData | undefined {
  if (!belongsToList(chat, filter, viewer)) return removeFromPages(data, "chats", chat.id);
  return upsertInPages(data, "chats", chat, { compare: byUnreadThenRecent, insert: filter.search === "" });
}

export function removeChat(data: ChatListData | undefined, chatId: number): ChatListData | undefined {
  return removeFromPages(data, "chats", chatId);
}

/** The loaded copy of a chat, if any list holds it. */
export function findChat(data: ChatListData | undefined, chatId: number): Chat | undefined {
  for (const page of data?.pages ?? []) {
    const found = page.chats.find((chat) => chat.id === chatId);
    if (found) return found;
  }
  return undefined;
}

/** `updateUnread`: the user read the chat; its badge goes and it sorts among the read ones. */
export function markChatRead(data: ChatListData | undefined, chatId: number, filter: ChatListFilter, viewer: ChatViewer): ChatListData | undefined {
  const chat = findChat(data, chatId);
  if (!chat || chat.unreadMessages === 0) return data;
  return applyChat(data, { ...chat, unreadMessages: 0 }, filter, viewer);
}

/**
 * The chat an `appChatMessage` `create` brings (with the receiver's unread count): the chat on
 * screen does not count unread, the user is reading it (spec §4).
 */
export function chatAfterMessage(chat: Chat, openChatId: number | null): Chat {
  return chat.id === openChatId ? { ...chat, unreadMessages: 0 } : chat;
}

// The new-chat dialog's rules live in new-chat-rules.ts: they parse with zod, which the chat list
// (loaded by the shell on every signed-in page) does without.
export { canCreateChat, needsGroupName } from "./new-chat-rules";
