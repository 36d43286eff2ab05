import type { MessagePage } from "@atendo/contracts";
import type { InfiniteData } from "@tanstack/react-query";

/**
 * The cache of a ticket's messages: an infinite query whose page 1 holds the newest messages and
 * each later page older ones, each page oldest first (docs/decisions/0014). Pages are offsets, so
 * a message can repeat at a page boundary; live and sent messages arrive by id, maybe twice (the
 * sender gets the socket event too).
 */
export type MessagesData = InfiniteData<MessagePage>;

/** What the cache needs of a message: its id, and how far it has come (acks only rise, deleting is for good). */
export interface CachedMessage {
  id: number;
  ack: number;
  isDeleted: boolean;
}

/** Any paged message cache (ticket messages, internal chat messages): pages of `{ messages, hasMore }`. */
export type MessagePages<P extends { messages: CachedMessage[] }> = InfiniteData<P>;
type MessageOf<P extends { messages: CachedMessage[] }> = P["messages"][number];

function byId(a: { id: number }, b: { id: number }): number {
  return a.id - b.id;
}

/**
 * Whether `incoming` is an older state of `cached`: a send's answer can arrive after the live
 * events of the same message (the receiver read it at once), and must not lower its ack or bring
 * a deleted message back.
 */
function isBehind(incoming: CachedMessage, cached: CachedMessage): boolean {
  return incoming.ack < cached.ack || (cached.isDeleted && !incoming.isDeleted);
}

/**
 * Replaces `message` wherever it is loaded (unless the loaded copy is further on), else adds it
 * to the newest page in id order.
 */
export function upsertMessage<P extends { messages: CachedMessage[] }>(data: MessagePages<P> | undefined, message: MessageOf<P>): MessagePages<P> | undefined {
  if (!data || data.pages.length === 0) return data;
  let found = false;
  let stale = false;
  const pages = data.pages.map((page) => {
    const cached = page.messages.find((item) => item.id === message.id);
    if (!cached) return page;
    found = true;
    stale ||= isBehind(message, cached);
    return { ...page, messages: page.messages.map((item) => (item.id === message.id ? message : item)) } as P;
  });
  if (stale) return data;
  if (found) return { ...data, pages };
  const [newest, ...older] = data.pages as [P, ...P[]];
  return { ...data, pages: [{ ...newest, messages: [...newest.messages, message].sort(byId) } as P, ...older] };
}

/** Applies an update only to a message already loaded (an ack of a message not shown is moot). */
export function replaceMessage<P extends { messages: CachedMessage[] }>(data: MessagePages<P> | undefined, message: MessageOf<P>): MessagePages<P> | undefined {
  if (!data?.pages.some((page) => page.messages.some((item) => item.id === message.id))) return data;
  return upsertMessage(data, message);
}

/** Every loaded message once, oldest first (by id: arrival order). */
export function flattenMessages<P extends { messages: CachedMessage[] }>(data: MessagePages<P> | undefined): MessageOf<P>[] {
  const seen = new Map<number, MessageOf<P>>();
  // Newest pages first: a copy in a fresher page wins over a stale one at a boundary.
  for (const page of data?.pages ?? []) {
    for (const message of page.messages) if (!seen.has(message.id)) seen.set(message.id, message);
  }
  return [...seen.values()].sort(byId);
}
