import { limits, type MessagePage } from "@atendo/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import type { MessagePages } from "../lib/messages-cache";
import { messagesKey } from "./use-messages";

/**
 * Whether a WhatsApp Cloud API ticket's 24-hour window is closed (decision 0089): read from the
 * ticket's cached messages, no request of its own — the server's `serviceWindowEndsAt` of page 1,
 * moved forward by a customer message that arrived live since. False on other channels.
 */
export function useServiceWindowClosed(ticketId: number): boolean {
  const queryClient = useQueryClient();
  const data = useSyncExternalStore(
    (notify) => queryClient.getQueryCache().subscribe(notify),
    () => queryClient.getQueryData<MessagePages<MessagePage>>(messagesKey(ticketId)),
  );
  const first = data?.pages[0];
  if (!first || first.serviceWindowEndsAt === undefined) return false;
  let endsAt = first.serviceWindowEndsAt ? Date.parse(first.serviceWindowEndsAt) : 0;
  for (const message of data.pages.flatMap((page) => page.messages)) if (!message.fromMe) endsAt = Math.max(endsAt, Date.parse(message.createdAt) + limits.cloudServiceWindowMs);
  return endsAt <= Date.now();
}
