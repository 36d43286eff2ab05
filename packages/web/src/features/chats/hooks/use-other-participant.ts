import type { Chat, ChatParticipant } from "@atendo/contracts";
import { useCurrentUser } from "../../../lib/session";
import { isParticipant } from "./chat-list-cache";

/**
 * The user on the other side of a direct chat; null in a group, and for an admin reading two
 * other users' chat with show-all (neither side is "the other" then).
 */
export function otherParticipant(chat: Pick<Chat, "isGroup" | "userChat">, viewerId: number): ChatParticipant | null {
  if (chat.isGroup || !isParticipant(chat, viewerId)) return null;
  return chat.userChat.find((participant) => participant.userId !== viewerId) ?? null;
}

export function useOtherParticipant(chat: Pick<Chat, "isGroup" | "userChat">): ChatParticipant | null {
  const me = useCurrentUser();
  return me ? otherParticipant(chat, me.id) : null;
}
