import type { Chat } from "@atendo/contracts";
import { ConversationHeader } from "../../../components/conversation-header";
import { useTranslation } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useOtherParticipant } from "../hooks/use-other-participant";
import { ChatAvatar } from "./chat-avatar";

/**
 * Back to /chats, and the participant header that opens the details drawer (spec §2): a group's
 * member count, or in a direct chat how to reach the other user (email, extension).
 */
export function ChatHeader({ chat, onOpenDetails }: { chat: Chat; onOpenDetails: () => void }) {
  const { t } = useTranslation();
  const other = useOtherParticipant(chat);
  const subtitle = other
    ? [other.user.email, other.user.extension && t("chats.header.extension", { extension: other.user.extension })].filter(Boolean).join(" · ")
    : t("chats.members", { count: chat.userChat.length });
  return (
    <ConversationHeader
      back={{ to: paths.chats, label: t("chats.view.back") }}
      onOpenDetails={onOpenDetails}
      detailsLabel={t("chats.details.open")}
      avatar={<ChatAvatar chat={chat} />}
      title={chat.name}
      subtitle={subtitle}
    />
  );
}
