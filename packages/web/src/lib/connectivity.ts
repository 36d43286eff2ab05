import { useSyncExternalStore } from "react";
import { refreshSession } from "./http";
import { getToken } from "./local-storage";
import { queryClient } from "./query-client";
import { reportServerAnswered, serverUnreachable, subscribeReachability } from "./reachability";
import { getSession } from "./session";

/**
 * Whether the app can work (docs/decisions/0042): the browser is online and the server answers
 * (lib/reachability.ts). While it cannot, the app shows a banner and asks /api/health now and
 * then; once the server answers again the banner goes and the data on screen is fetched afresh
 * (its events were missed meanwhile; the socket reconnects by itself).
 */
const probeIntervalMs = 5_000;
const onlineCheckIntervalMs = 2_000;

let browserOnline = typeof navigator === "undefined" ? true : navigator.onLine;
let offline = !browserOnline;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function isOffline(): boolean {
  return offline;
}

function refresh(): void {
  const next = !browserOnline || serverUnreachable();
  if (next === offline) return;
  offline = next;
  for (const listener of listeners) listener();
  if (offline) scheduleProbe();
  else recovered();
}

function recovered(): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  // Everything on screen may be stale: refetch what is shown, mark the rest stale.
  void queryClient.invalidateQueries();
  // A reload while the server was away leaves a signed-in user signed out, token kept: use it now.
  if (getSession().status === "anonymous" && getToken()) refreshSession().catch(() => undefined);
}

function probe(): void {
  fetch("/api/health", { cache: "no-store" }).then(reportServerAnswered, () => scheduleProbe());
}

function scheduleProbe(): void {
  if (probeTimer !== undefined) return;
  probeTimer = setTimeout(() => {
    probeTimer = undefined;
    if (offline) probe();
  }, probeIntervalMs);
}

/** Follows the browser's online/offline events and the server's answers for the app's lifetime. */
export function startConnectivityWatch(): void {
  subscribeReachability(refresh);
  window.addEventListener("offline", () => {
    browserOnline = false;
    refresh();
  });
  window.addEventListener("online", () => {
    browserOnline = true;
    refresh();
    // Online again, but the server may still be away: ask it at once rather than at the next probe.
    if (serverUnreachable()) probe();
  });
  // The events can be missed (seen with emulated network changes): reading the flag costs nothing.
  setInterval(() => {
    if (navigator.onLine === browserOnline) return;
    browserOnline = navigator.onLine;
    refresh();
  }, onlineCheckIntervalMs);
  // Opened offline: find out as soon as the server is back.
  if (offline) scheduleProbe();
}

/** Resolves once the app can work again (at once when it can now). */
export function whenOnline(): Promise<void> {
  if (!offline) return Promise.resolve();
  return new Promise((resolve) => {
    const listener = () => {
      if (offline) return;
      listeners.delete(listener);
      resolve();
    };
    listeners.add(listener);
  });
}

export function isAppOffline(): boolean {
  return offline;
}

export function useOffline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isOffline,
    () => false,
  );
}
