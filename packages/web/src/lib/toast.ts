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

/**
 * How long a problem stays on screen: the spec's 1 s error toast vanished before anyone could read
 * it (issue 16), so errors and warnings stay for the time it takes to read them — 4 s plus 60 ms a
 * character, between 6 and 15 s — and the toast's close button dismisses them earlier.
 */
export function readingTimeMs(message: string, atLeast: number): number {
  return Math.max(atLeast, Math.min(15_000, Math.max(6_000, 4_000 + 60 * message.length)));
}

function defaultDuration(severity: ToastSeverity, message: string): number {
  const spec = durations[severity];
  return severity === "error" || severity === "warning" ? readingTimeMs(message, spec) : spec;
}

let queue: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setQueue(next: readonly Toast[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

function push(severity: ToastSeverity, message: string, durationMs = defaultDuration(severity, message)): void {
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

/** The waiting toasts, the one on screen first (outside React: tests). */
export function getQueue(): readonly Toast[] {
  return queue;
}

/** Waiting toasts, the one on screen first. */
export function useToastQueue(): readonly Toast[] {
  return useSyncExternalStore(subscribe, getQueue, getQueue);
}
