import type { Message } from "@atendo/contracts";
import { useMutation } from "@tanstack/react-query";
import { deleteMessage, ticketSends } from "../api/messages.api";
import { messagesKey } from "./use-messages";
import { useSendDraft, type OutgoingDraftOf } from "./use-send-draft";

export type OutgoingMessage = OutgoingDraftOf<Message>;

/** Sends what the composer holds (text, files, a reply) as `sendDraft` orders it. */
export function useSendMessage(ticketId: number) {
  return useSendDraft(messagesKey(ticketId), ticketSends(ticketId));
}

export function useDeleteMessage(ticketId: number) {
  return useMutation({
    // The `update` event marks the message deleted in every viewer's list, the sender's too.
    mutationFn: (message: Message) => deleteMessage(message.id, ticketId),
  });
}
