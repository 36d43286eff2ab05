import type { Message } from "@atendo/contracts";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useServerEvent } from "../../../lib/socket";
import { listMessages } from "../api/messages.api";
import { applyMessageEvent, storeInPages, useMessagePages } from "./use-message-pages";

export const messagesKey = (ticketId: number) => ["messages", ticketId] as const;

/** Puts messages the server returned (a send's answer) into the ticket's list. */
export function storeMessages(queryClient: QueryClient, ticketId: number, messages: readonly Message[]): void {
  storeInPages(queryClient, messagesKey(ticketId), messages);
}

/**
 * The ticket's messages, oldest first. `appMessage` events of this ticket add or replace messages
 * by id (the sender gets its own message twice: once in the answer, once live). Coming back reads
 * page 1 again, which also marks the ticket read (docs/decisions/0014).
 */
export function useMessages(ticketId: number) {
  const queryClient = useQueryClient();
  const query = useMessagePages(messagesKey(ticketId), (pageNumber, signal) => listMessages(ticketId, pageNumber, signal));
  useServerEvent("appMessage", ({ message, action }) => {
    if (message.ticketId === ticketId) applyMessageEvent(queryClient, messagesKey(ticketId), action, message);
  });
  return query;
}
