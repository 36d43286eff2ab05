import { timing } from "@atendo/contracts";
import { useSyncExternalStore } from "react";

export type ToastSeverity = "success" | "error" | "info" | "warning";

export interface Toast {
  id: number;
  severity: ToastSeverity;
  message: string;
  durationMs: number;
}

const durations: Record<ToastSeverity, number> = {
  success: timing.toastSuccessMs,
  error: timing.toastErrorMs,
  info: timing.toastInfoMs,
  warning: timing.toastInfoMs,
};

let queue: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setQueue(next: readonly Toast[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

function push(severity: ToastSeverity, message: string, durationMs = durations[severity]): void {
  setQueue([...queue, { id: nextId++, severity, message, durationMs }]);
}

/**
 * Shows short messages; callable from anywhere (components, query callbacks, the http client).
 * `durationMs` overrides the severity's time where the spec gives one (the import's 5 s success).
 */
export const toast = {
  success: (message: string, durationMs?: number) => push("success", message, durationMs),
  error: (message: string) => push("error", message),
  info: (message: string) => push("info", message),
  warning: (message: string) => push("warning", message),
};

export function dismissToast(id: number): void {
  setQueue(queue.filter((item) => item.id !== id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getQueue(): readonly Toast[] {
  return queue;
}

/** Waiting toasts, the one on screen first. */
export function useToastQueue(): readonly Toast[] {
  return useSyncExternalStore(subscribe, getQueue, getQueue);
}
