import type { ChatMessage } from "@atendo/contracts";
import { useTranslation } from "../../../lib/i18n";
import { Composer, QuotedBlock } from "../../messages";
import { useSendChatMessage } from "../hooks/use-chat-actions";

export interface ChatComposerProps {
  chatId: number;
  replyTo: ChatMessage | null;
  onClearReply(): void;
}

/** The chat's input, for participants only (spec §2): the tickets' composer, sending to the chat. */
export function ChatComposer({ chatId, replyTo, onClearReply }: ChatComposerProps) {
  const { t } = useTranslation();
  const send = useSendChatMessage(chatId);
  return (
    <Composer
      label={t("chats.composer.label")}
      placeholder={t("chats.composer.placeholder")}
      disabledReason={null}
      sending={send.isPending}
      onSend={(draft) => send.mutateAsync({ ...draft, quoted: replyTo })}
      reply={replyTo && { quote: <QuotedBlock quoted={replyTo} contactName={replyTo.sender?.name ?? ""} />, onCancel: onClearReply }}
    />
  );
}
