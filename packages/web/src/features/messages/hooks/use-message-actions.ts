import type { Message, SendMessageBody } from "@atendo/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { deleteMessage, sendFiles, sendText } from "../api/messages.api";
import { inBatches } from "../lib/attachment-checks";
import { storeMessages } from "./use-messages";

export interface OutgoingMessage {
  /** Text already signed; null when only files go. */
  text: string | null;
  files: readonly File[];
  quoted: Message | null;
}

/**
 * Sends what the composer holds. A reply's text goes first as JSON (only JSON carries the quote),
 * then the files; without a quote the text is the first file's caption (docs/decisions/0028).
 */
export function useSendMessage(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, files, quoted }: OutgoingMessage) => {
      const sent: Message[] = [];
      const keep = (messages: readonly Message[]) => {
        sent.push(...messages);
        storeMessages(queryClient, ticketId, messages);
      };
      const captionOnFiles = files.length > 0 && !quoted;
      if (text && !captionOnFiles) {
        const body: SendMessageBody = { body: text, quotedMsg: quoted ? { id: quoted.id } : null };
        keep((await sendText(ticketId, body)).messages);
      }
      for (const [index, batch] of inBatches(files).entries()) {
        keep((await sendFiles(ticketId, batch, captionOnFiles && index === 0 ? text : null)).messages);
      }
      return sent;
    },
  });
}

export function useDeleteMessage(ticketId: number) {
  return useMutation({
    // The `update` event marks the message deleted in every viewer's list, the sender's too.
    mutationFn: (message: Message) => deleteMessage(message.id, ticketId),
  });
}
