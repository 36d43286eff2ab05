import { useSyncExternalStore } from "react";

/**
 * Unread counts shown in the drawer badges and the document title. Tickets and chats will feed
 * this store when they are built; until then it stays at zero.
 */
export type UnreadKind = "tickets" | "chats";

let counts: Readonly<Record<UnreadKind, number>> = { tickets: 0, chats: 0 };
const listeners = new Set<() => void>();

export function setUnreadCount(kind: UnreadKind, value: number): void {
  if (counts[kind] === value) return;
  counts = { ...counts, [kind]: Math.max(0, value) };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getCounts(): Readonly<Record<UnreadKind, number>> {
  return counts;
}

export function useUnreadCounts(): Readonly<Record<UnreadKind, number>> {
  return useSyncExternalStore(subscribe, getCounts, getCounts);
}

export function useUnreadTotal(): number {
  const { tickets, chats } = useUnreadCounts();
  return tickets + chats;
}
