export { MessageList } from "./components/message-list";
export type { MessageListProps, MessageSelection } from "./components/message-list";
export { MessageComposer } from "./components/message-composer";
export type { MessageComposerProps } from "./components/message-composer";
export { NoteComposer } from "./components/note-composer";
export { ComposerModeSwitch, type ComposerMode } from "./components/composer-mode-switch";
export { formattedAsPlain } from "./lib/whatsapp-format";
export { lastMessageLine, messageLine } from "./lib/message-summary";
// Pieces the internal chats (features/chats) share with ticket conversations.
export { liveMessagesOf } from "./hooks/use-message-pages";
export { conversationSends } from "./api/messages.api";
export { useSendDraft, type OutgoingDraftOf } from "./hooks/use-send-draft";
export { ConversationList, type ConversationMarks } from "./components/conversation-list";
export { MessageFrame } from "./components/message-frame";
export type { MessageMenuActions } from "./components/message-menu";
export { AckMark, type AckStage } from "./components/ack-mark";
export { DeleteMessageDialog } from "./components/delete-message-dialog";
export { Composer, type ComposerDraft, type ComposerProps } from "./components/composer";
export { QuotedBlock } from "./components/quoted-block";
