import type { PresenceStatus } from "@atendo/contracts";
import { useSyncExternalStore } from "react";
import { onSessionEnd } from "./session";

/**
 * Presence heard live (`presence` events, the own menu's answer), by user id (issue 30). Screens
 * show a user's status from here when an event has told it, else from the record they loaded:
 * one store, so every list, dialog and menu shows the same status the moment it changes.
 */
const heard = new Map<number, PresenceStatus>();
const listeners = new Set<() => void>();

export function rememberPresence(userId: number, status: PresenceStatus): void {
  if (heard.get(userId) === status) return;
  heard.set(userId, status);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A user's presence: the latest heard, else `loaded` (what their record said). */
export function usePresence(userId: number, loaded: PresenceStatus | undefined): PresenceStatus | undefined {
  const live = useSyncExternalStore(
    subscribe,
    () => heard.get(userId),
    () => undefined,
  );
  return live ?? loaded;
}

// Another sign-in hears its own colleagues: nothing carries over.
onSessionEnd(() => heard.clear());
