import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { UploadTransfer } from "../../../lib/http";
import { sendDraft, type DraftCalls } from "../lib/send-draft";
import type { CachedMessage } from "../lib/messages-cache";
import { storeInPages } from "./use-message-pages";

/** What a composer sends: the text (signed for tickets; null when only files go), files, the message answered. */
export interface OutgoingDraftOf<M> {
  text: string | null;
  files: readonly File[];
  quoted: M | null;
  /** The composer's progress bar and Cancel button for the files. */
  transfer?: UploadTransfer;
}

/**
 * Sends what a conversation's composer holds (a ticket's or an internal chat's) as `sendDraft`
 * orders it, each answer put in the conversation's messages (`key`) at once. The answer can
 * arrive after the live events of the same messages (a reader with the chat open turns them read
 * at once): the cache keeps the copy further on.
 */
export function useSendDraft<M extends CachedMessage>(key: QueryKey, calls: (transfer?: UploadTransfer) => DraftCalls<M>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, files, quoted, transfer }: OutgoingDraftOf<M>) =>
      sendDraft({ text, files, quotedId: quoted?.id ?? null }, calls(transfer), (messages) => storeInPages(queryClient, key, messages)),
  });
}
