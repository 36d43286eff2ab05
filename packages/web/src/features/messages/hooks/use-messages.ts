import { listMessages } from "../api/messages.api";
import { liveMessagesOf } from "./use-message-pages";

export const messagesKey = (ticketId: number) => ["messages", ticketId] as const;

/**
 * A ticket's messages, oldest first, kept current by its `appMessage` events (the sender gets
 * its own message twice: once in the answer, once live). Coming back reads page 1 again, which
 * also marks the ticket read (docs/decisions/0014).
 */
export const useMessages = liveMessagesOf({ key: messagesKey, fetchPage: listMessages, event: "appMessage", conversationOf: (message) => message.ticketId });
