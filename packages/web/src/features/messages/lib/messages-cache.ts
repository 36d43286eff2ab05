import type { MessagePage } from "@atendo/contracts";
import type { InfiniteData } from "@tanstack/react-query";

/**
 * The cache of a ticket's messages: an infinite query whose page 1 holds the newest messages and
 * each later page older ones, each page oldest first (docs/decisions/0014). Pages are offsets, so
 * a message can repeat at a page boundary; live and sent messages arrive by id, maybe twice (the
 * sender gets the socket event too).
 */
export type MessagesData = InfiniteData<MessagePage>;

/** Any paged message cache (ticket messages, internal chat messages): pages of `{ messages, hasMore }`. */
export type MessagePages<P extends { messages: { id: number }[] }> = InfiniteData<P>;
type MessageOf<P extends { messages: { id: number }[] }> = P["messages"][number];

function byId(a: { id: number }, b: { id: number }): number {
  return a.id - b.id;
}

/** Replaces `message` wherever it is loaded, else adds it to the newest page in id order. */
export function upsertMessage<P extends { messages: { id: number }[] }>(data: MessagePages<P> | undefined, message: MessageOf<P>): MessagePages<P> | undefined {
  if (!data || data.pages.length === 0) return data;
  let found = false;
  const pages = data.pages.map((page) => {
    if (!page.messages.some((item) => item.id === message.id)) return page;
    found = true;
    return { ...page, messages: page.messages.map((item) => (item.id === message.id ? message : item)) } as P;
  });
  if (found) return { ...data, pages };
  const [newest, ...older] = data.pages as [P, ...P[]];
  return { ...data, pages: [{ ...newest, messages: [...newest.messages, message].sort(byId) } as P, ...older] };
}

/** Applies an update only to a message already loaded (an ack of a message not shown is moot). */
export function replaceMessage<P extends { messages: { id: number }[] }>(data: MessagePages<P> | undefined, message: MessageOf<P>): MessagePages<P> | undefined {
  if (!data?.pages.some((page) => page.messages.some((item) => item.id === message.id))) return data;
  return upsertMessage(data, message);
}

/** Every loaded message once, oldest first (by id: arrival order). */
export function flattenMessages<P extends { messages: { id: number }[] }>(data: MessagePages<P> | undefined): MessageOf<P>[] {
  const seen = new Map<number, MessageOf<P>>();
  // Newest pages first: a copy in a fresher page wins over a stale one at a boundary.
  for (const page of data?.pages ?? []) {
    for (const message of page.messages) if (!seen.has(message.id)) seen.set(message.id, message);
  }
  return [...seen.values()].sort(byId);
}
