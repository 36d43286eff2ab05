import type { Chat, ChatMessage } from "@atendo/contracts";
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { ConversationList, DeleteMessageDialog } from "../../messages";
import { useDeleteChatMessage } from "../hooks/use-chat-actions";
import { useChatMessages } from "../hooks/use-chat-messages";
import { ChatMessageBubble } from "./chat-message-bubble";

interface ChatMessageListProps {
  chat: Chat;
  canWrite: boolean;
  /** Present when the user may write here: the menu offers "Reply". */
  onReply?: (message: ChatMessage) => void;
}

/** The chat's messages (spec §2): reply for participants, delete of one's own; deleted ones have no options (§4). */
export function ChatMessageList({ chat, canWrite, onReply }: ChatMessageListProps) {
  const { t } = useTranslation();
  const query = useChatMessages(chat.id);
  const remove = useDeleteChatMessage();
  const [toDelete, setToDelete] = useState<ChatMessage | null>(null);
  const lastId = query.messages.at(-1)?.id;

  const actionsOf = (message: ChatMessage) => {
    if (message.isDeleted) return null;
    const onDelete = canWrite && message.fromMe ? () => setToDelete(message) : undefined;
    const reply = onReply && (() => onReply(message));
    return reply || onDelete ? { onReply: reply, onDelete } : null;
  };

  return (
    <ConversationList
      conversationId={chat.id}
      query={query}
      emptyText={t("chats.view.empty")}
      isOwnNew={(message) => message.fromMe}
      renderMessage={(message, marks) => <ChatMessageBubble message={message} showSender={chat.isGroup} marks={marks} actions={actionsOf(message)} />}
    >
      <DeleteMessageDialog
        message={toDelete}
        onConfirm={(message) => remove.mutate({ message, isLast: message.id === lastId })}
        onClose={() => setToDelete(null)}
      />
    </ConversationList>
  );
}
