export { MessageList } from "./components/message-list";
export type { MessageListProps, MessageSelection } from "./components/message-list";
export { MessageComposer } from "./components/message-composer";
export type { MessageComposerProps } from "./components/message-composer";
export { formattedAsPlain } from "./lib/whatsapp-format";
// Pieces the internal chats (features/chats) share with ticket conversations.
export { flattenMessages, replaceMessage, upsertMessage, type MessagePages } from "./lib/messages-cache";
export { formatDay, formatTime, startsNewDay } from "./lib/message-dates";
export { useFirstItemIndex } from "./hooks/use-first-item-index";
export { useMediaUrl } from "./hooks/use-message-media";
export { useAttachments } from "./hooks/use-attachments";
export { AttachmentTray } from "./components/attachment-tray";
