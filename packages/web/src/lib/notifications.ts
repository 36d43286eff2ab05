import { timing } from "@atendo/contracts";
import { useSyncExternalStore } from "react";

/**
 * Browser notifications (spec §4). Permission is asked only after the user clicks a button
 * (browsers ignore or penalise prompts on page load); the answer is tracked here so components
 * re-render when it changes.
 */
export type NotificationState = NotificationPermission | "unsupported";

const listeners = new Set<() => void>();

function readState(): NotificationState {
  return typeof window !== "undefined" && "Notification" in window ? Notification.permission : "unsupported";
}

let state: NotificationState = readState();

function setState(next: NotificationState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export function notificationState(): NotificationState {
  return state;
}

/** Asks the browser for permission; call from a click handler. */
export async function requestNotificationPermission(): Promise<NotificationState> {
  if (readState() === "unsupported") return "unsupported";
  try {
    setState(await Notification.requestPermission());
  } catch {
    // Older engines take a callback instead of returning a promise; read the outcome afterwards.
    setState(readState());
  }
  return state;
}

export function useNotificationState(): NotificationState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      // The user can change it in the site settings at any time.
      setState(readState());
      return () => listeners.delete(listener);
    },
    notificationState,
    notificationState,
  );
}

export interface AppNotification {
  title: string;
  body: string;
  /** Same tag: a newer notification replaces the older one (one per conversation). */
  tag: string;
  onClick: () => void;
}

/**
 * Shows a notification when permitted; it closes itself after `timing.notificationCloseMs`
 * (spec §9), and a click focuses this window before `onClick`.
 */
export function showNotification({ title, body, tag, onClick }: AppNotification): void {
  if (readState() !== "granted") return;
  let notification: Notification;
  try {
    notification = new Notification(title, { body, tag });
  } catch {
    // Some mobile browsers allow notifications only from a service worker: nothing to show.
    return;
  }
  notification.onclick = () => {
    window.focus();
    onClick();
    notification.close();
  };
  setTimeout(() => notification.close(), timing.notificationCloseMs);
}
