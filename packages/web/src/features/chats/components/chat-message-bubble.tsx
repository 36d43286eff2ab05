import type { ChatMessage } from "@atendo/contracts";
import { MessageFrame, type ConversationMarks, type MessageMenuActions } from "../../messages";
import { ChatMessageStatus } from "./chat-message-status";

interface ChatMessageBubbleProps {
  message: ChatMessage;
  /** Shows the sender's name above others' messages (groups). */
  showSender: boolean;
  marks: ConversationMarks;
  /** Null when the user may do nothing with it (deleted: spec §4, or not a participant). */
  actions: MessageMenuActions | null;
}

/** One chat message: the conversation's bubble, with the chat's own acks (spec §3) and no connection. */
export function ChatMessageBubble({ message, showSender, marks, actions }: ChatMessageBubbleProps) {
  return (
    <MessageFrame
      message={message}
      marks={marks}
      actions={actions}
      sender={showSender && !message.fromMe ? (message.sender?.name ?? null) : null}
      quoteAuthor={message.quotedMsg?.sender?.name ?? ""}
      connectionId={null}
      status={message.fromMe && <ChatMessageStatus ack={message.ack} />}
    />
  );
}
