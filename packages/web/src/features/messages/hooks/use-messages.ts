import { listMessages } from "../api/messages.api";
import { useLiveMessagePages } from "./use-message-pages";

export const messagesKey = (ticketId: number) => ["messages", ticketId] as const;

/**
 * The ticket's messages, oldest first, kept current by its `appMessage` events (the sender gets
 * its own message twice: once in the answer, once live). Coming back reads page 1 again, which
 * also marks the ticket read (docs/decisions/0014).
 */
export function useMessages(ticketId: number) {
  return useLiveMessagePages(
    messagesKey(ticketId),
    (pageNumber, signal) => listMessages(ticketId, pageNumber, signal),
    "appMessage",
    (message) => message.ticketId === ticketId,
  );
}
