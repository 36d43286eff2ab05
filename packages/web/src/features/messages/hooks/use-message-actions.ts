import type { Message } from "@atendo/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UploadTransfer } from "../../../lib/http";
import { deleteMessage, sendFiles, sendText } from "../api/messages.api";
import { sendDraft } from "../lib/send-draft";
import { storeMessages } from "./use-messages";

export interface OutgoingMessage {
  /** Text already signed; null when only files go. */
  text: string | null;
  files: readonly File[];
  quoted: Message | null;
  /** The composer's progress bar and Cancel button for the files. */
  transfer?: UploadTransfer;
}

/** Sends what the composer holds (text, files, a reply) as `sendDraft` orders it. */
export function useSendMessage(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, files, quoted, transfer }: OutgoingMessage) =>
      sendDraft(
        { text, files, quotedId: quoted?.id ?? null },
        {
          text: async (body, quotedId) => (await sendText(ticketId, { body, quotedMsg: quotedId === null ? null : { id: quotedId } })).messages,
          files: async (batch, caption) => (await sendFiles(ticketId, batch, caption, transfer)).messages,
        },
        (messages) => storeMessages(queryClient, ticketId, messages),
      ),
  });
}

export function useDeleteMessage(ticketId: number) {
  return useMutation({
    // The `update` event marks the message deleted in every viewer's list, the sender's too.
    mutationFn: (message: Message) => deleteMessage(message.id, ticketId),
  });
}
