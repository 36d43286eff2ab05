import type { ServerEventPayload } from "@atendo/contracts";
import { useInfiniteQuery, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { useMemo } from "react";
import { nextPageNumber } from "../../../lib/paged-cache";
import { useServerEvent } from "../../../lib/socket";
import { flattenMessages, replaceMessage, upsertMessage, type CachedMessage, type MessagePages } from "../lib/messages-cache";

type PageOf<M extends CachedMessage> = { messages: M[]; hasMore: boolean };

/**
 * A conversation's messages (a ticket's, an internal chat's), oldest first; `fetchNextPage` loads
 * older ones. Page 1 is read again on coming back: live events keep the list current only while
 * it is shown (docs/decisions/0014).
 */
export function useMessagePages<P extends PageOf<CachedMessage>>(queryKey: QueryKey, fetchPage: (pageNumber: number, signal: AbortSignal) => Promise<P>) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
    staleTime: 0,
  });
  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  return { ...query, messages };
}

/** The live events of a conversation kind's messages: a ticket's, an internal chat's. */
type MessageEventName = "appMessage" | "appChatMessage";
type EventMessage<E extends MessageEventName> = ServerEventPayload<E>["message"];

/**
 * {@link useMessagePages} kept current by `event`: the events of messages that `belong` to the
 * conversation add (create) or replace (update: ack, deleted, edited) messages by id.
 */
function useLiveMessagePages<E extends MessageEventName>(
  queryKey: QueryKey,
  fetchPage: (pageNumber: number, signal: AbortSignal) => Promise<PageOf<EventMessage<E>>>,
  event: E,
  belongs: (message: EventMessage<E>) => boolean,
) {
  const queryClient = useQueryClient();
  const query = useMessagePages(queryKey, fetchPage);
  useServerEvent(event, ({ message, action }) => {
    if (belongs(message)) applyMessageEvent(queryClient, queryKey, action, message);
  });
  return query;
}

/** A conversation kind (tickets, internal chats): where its messages are cached and read, and the event that brings new ones. */
interface ConversationKind<E extends MessageEventName> {
  key: (id: number) => QueryKey;
  fetchPage: (id: number, pageNumber: number, signal: AbortSignal) => Promise<PageOf<EventMessage<E>>>;
  event: E;
  /** The conversation a message of the event belongs to. */
  conversationOf: (message: EventMessage<E>) => number;
}

/** The hook of a conversation kind's messages: one conversation's, oldest first, kept current by its events. */
export function liveMessagesOf<E extends MessageEventName>({ key, fetchPage, event, conversationOf }: ConversationKind<E>) {
  return function useConversationMessages(id: number) {
    return useLiveMessagePages(key(id), (pageNumber, signal) => fetchPage(id, pageNumber, signal), event, (message) => conversationOf(message) === id);
  };
}

/** Messages the server returned (a send's answer) into a conversation's cache. */
export function storeInPages<M extends CachedMessage>(queryClient: QueryClient, queryKey: QueryKey, messages: readonly M[]): void {
  queryClient.setQueryData<MessagePages<PageOf<M>>>(queryKey, (data) => messages.reduce(upsertMessage, data));
}

/**
 * A live message event: `create` adds the message (or replaces it by id); `update` and `edit`
 * (new text, isEdited) replace a loaded one.
 */
export function applyMessageEvent<M extends CachedMessage>(queryClient: QueryClient, queryKey: QueryKey, action: string, message: M): void {
  queryClient.setQueryData<MessagePages<PageOf<M>>>(queryKey, (data) => (action === "create" ? upsertMessage(data, message) : replaceMessage(data, message)));
}
