import { useTranslation } from "../../../lib/i18n";
import { useNavigate } from "react-router";
import { showNotification } from "../../../lib/notifications";
import { paths } from "../../../lib/paths";
import { useServerEvent } from "../../../lib/socket";
import { messageLine } from "../../messages";
import { shouldNotifyChat } from "./chat-notification-rule";

/**
 * Browser notifications for new chat messages (issue 14): titled with the chat's name, the
 * message as body (with its sender's name in a group); a click opens the chat.
 */
export function useChatNotifications(viewerId: number | null, openChatId: number | null): void {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useServerEvent("appChatMessage", (event) => {
    if (viewerId === null || !shouldNotifyChat(event, viewerId, openChatId, document.hidden)) return;
    const { message, chat } = event;
    const text = messageLine(message, t);
    showNotification({
      title: chat.name,
      body: chat.isGroup && message.sender ? `${message.sender.name}: ${text}` : text,
      tag: `chat-${chat.id}`,
      onClick: () => void navigate(paths.chat.href(chat.id)),
    });
  });
}
