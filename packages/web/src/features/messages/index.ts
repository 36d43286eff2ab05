export { MessageList } from "./components/message-list";
export type { MessageListProps, MessageSelection } from "./components/message-list";
export { MessageComposer } from "./components/message-composer";
export type { MessageComposerProps } from "./components/message-composer";
export { formattedAsPlain } from "./lib/whatsapp-format";
