import { useMemo } from "react";
import { useMatch } from "react-router";
import { paths } from "../../../lib/paths";
import { useCurrentUser } from "../../../lib/session";
import { useChatNotifications } from "../hooks/use-chat-notifications";
import { useChatsLive } from "../hooks/use-chats-live";

/** The chats' work that goes on whatever page is shown: live list updates, the unread badge and title count, notifications. */
export function ChatsBackground() {
  const user = useCurrentUser();
  const viewer = useMemo(() => (user ? { id: user.id, profile: user.profile } : null), [user]);
  const match = useMatch(paths.chat.pattern);
  const openChatId = Number(match?.params.chatId) || null;
  useChatsLive(viewer, openChatId);
  useChatNotifications(user?.id ?? null, openChatId);
  return null;
}
