import type { Chat, ChatMessage } from "@atendo/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useReadOnArrival } from "../../../lib/read-on-arrival";
import { singleFlight } from "../../../lib/single-flight";
import { useSendDraft, type OutgoingDraftOf } from "../../messages";
import { useServerEvent } from "../../../lib/socket";
import {
  addChatParticipants,
  createChat,
  deleteChatMessage,
  markChatRead,
  removeChatParticipant,
  renameChat,
  chatSends,
} from "../api/chats.api";
import { chatKey } from "./use-chat-list";
import { chatMessagesKey } from "./use-chat-messages";

export type OutgoingChatMessage = OutgoingDraftOf<ChatMessage>;

/** Sends what the composer holds (text, files, a reply), in the order tickets do (`sendDraft`). */
export function useSendChatMessage(chatId: number) {
  return useSendDraft(chatMessagesKey(chatId), chatSends(chatId));
}

/** The `update` event marks the message deleted in every viewer's list, the sender's too. */
export function useDeleteChatMessage() {
  return useMutation({
    mutationFn: ({ message, isLast }: { message: ChatMessage; isLast: boolean }) => deleteChatMessage(message, isLast),
  });
}

export function useCreateChat() {
  return useMutation({ mutationFn: createChat });
}

/** A chat the user changed: stored at once (the `chat` event brings it to the lists too). */
function useChatMutation<V>(call: (value: V) => Promise<Chat>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (chat) => queryClient.setQueryData(chatKey(chat.id), chat) });
}

export function useRenameChat(chatId: number) {
  return useChatMutation((name: string) => renameChat(chatId, { name }));
}

export function useAddChatParticipants(chatId: number) {
  return useChatMutation((participantIds: number[]) => addChatParticipants(chatId, { participantIds }));
}

export function useLeaveChat(chatId: number) {
  return useMutation({ mutationFn: (userId: number) => removeChatParticipant(chatId, userId) });
}

/**
 * Spec §4: leaving a chat page marks its messages read; opening it does too, so the badges clear
 * while it is read. A message that arrives while the chat is on screen is read as well (the list
 * does not count it, spec §4), so the drawer badge, the title and the sender's ack agree with what
 * the user sees; one that arrives while the tab is hidden, once the tab shows again. Participants
 * only (the server ignores others).
 */
export function useMarkReadWhileOpen(chatId: number, participant: boolean): void {
  const markRead = useMemo(() => singleFlight(() => markChatRead(chatId)), [chatId]); // a chat that is gone has nothing to mark
  const arrived = useReadOnArrival(markRead);

  useEffect(() => {
    if (!participant) return;
    markRead();
    return markRead;
  }, [markRead, participant]);

  useServerEvent("appChatMessage", (event) => {
    if (!participant || event.action !== "create" || event.message.chatId !== chatId || event.message.fromMe) return;
    arrived();
  });
}
