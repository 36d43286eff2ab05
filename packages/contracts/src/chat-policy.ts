import { can } from "./permissions.js";
import type { Chat } from "./chats.js";
import type { Profile } from "./users.js";

/**
 * Who may do what in an internal chat (spec §6; docs/decisions/0038), written once. Pure: the
 * facts of a chat and of the user looking in, an answer out. The server enforces it
 * (modules/chats/chat.policy.ts, with its SQL form beside it); the web shows what it offers.
 */

/** What the rule reads of a chat. */
export interface ChatFacts {
  isGroup: boolean;
  participantIds: readonly number[];
  /** Who created it (null once that user is gone from the database). */
  ownerId: number | null;
}

/** What the rule reads of the user looking at a chat. */
export interface ChatViewer {
  id: number;
  profile: Profile;
}

/** The facts of a chat as the API presents it. */
export function chatFactsOf(chat: Pick<Chat, "isGroup" | "userChat" | "ownerId">): ChatFacts {
  return { isGroup: chat.isGroup, participantIds: chat.userChat.map((p) => p.userId), ownerId: chat.ownerId };
}

/** One flag per thing a user may do with a chat. */
export interface ChatAbilities {
  /** Open it, read its messages and files, hear its events. */
  read: boolean;
  /** Send messages (and delete one's own). */
  write: boolean;
  rename: boolean;
  addParticipants: boolean;
  leave: boolean;
  /** Remove someone else from the group. */
  removeOthers: boolean;
}

export function isChatParticipant(chat: Pick<ChatFacts, "participantIds">, viewer: Pick<ChatViewer, "id">): boolean {
  return chat.participantIds.includes(viewer.id);
}

/**
 * Participants read and write; an admin (show-all) reads every chat but writes only where they
 * take part. In a group any participant adds, renames and leaves (spec §6); removing someone else
 * is for its creator only, so members cannot push each other out. A direct chat is fixed: two
 * users, no name, nobody leaves.
 */
export function chatAbilities(chat: ChatFacts, viewer: ChatViewer): ChatAbilities {
  const member = isChatParticipant(chat, viewer);
  const groupMember = member && chat.isGroup;
  return {
    read: member || can(viewer.profile, "chats-manager:showall"),
    write: member,
    rename: groupMember,
    addParticipants: groupMember,
    leave: groupMember,
    removeOthers: groupMember && chat.ownerId === viewer.id,
  };
}
