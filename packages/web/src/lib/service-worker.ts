import { useSyncExternalStore } from "react";

/**
 * The service worker (dist/sw.js, built by build/service-worker-plugin.ts; docs/decisions/0042):
 * registered in production builds, checked for a new version when the app comes back into view and
 * every half hour, and switched to the new version only when the user chooses "Reload".
 */
const updateCheckIntervalMs = 30 * 60_000;
/** Focus and visibility come in bursts (alt-tab): one check per minute at most. */
const updateCheckMinGapMs = 60_000;

let registration: ServiceWorkerRegistration | null = null;
let waiting: ServiceWorker | null = null;
let lastCheckAt = 0;
const listeners = new Set<() => void>();

function setWaiting(next: ServiceWorker | null): void {
  if (next === waiting) return;
  waiting = next;
  for (const listener of listeners) listener();
}

/** A new version that finished installing while an older one controls the page. */
function watchForUpdates(reg: ServiceWorkerRegistration): void {
  if (reg.waiting && navigator.serviceWorker.controller) setWaiting(reg.waiting);
  reg.addEventListener("updatefound", () => {
    const installing = reg.installing;
    installing?.addEventListener("statechange", () => {
      // Without a controller this is the first install: nothing older to replace.
      if (installing.state === "installed" && navigator.serviceWorker.controller) setWaiting(installing);
    });
  });
}

/**
 * Hands the worker the hashed files this page loaded before it was controlled (the first visit),
 * so the route in use also opens offline; later loads pass through the worker and are kept anyway.
 */
function cacheLoadedAssets(reg: ServiceWorkerRegistration): void {
  const urls = performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${location.origin}/assets/`));
  reg.active?.postMessage({ type: "CACHE_ASSETS", urls });
}

function checkForUpdate(): void {
  if (!registration || Date.now() - lastCheckAt < updateCheckMinGapMs) return;
  lastCheckAt = Date.now();
  registration.update().catch(() => undefined);
}

export interface ServiceWorkerOptions {
  /** A notification was clicked while this window was open: show its page (an in-app path). */
  onOpenUrl(path: string): void;
}

/** Registers /sw.js once the page has loaded (the app's own downloads come first). */
export function registerServiceWorker(options: ServiceWorkerOptions): void {
  if (!("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(
      (reg) => {
        registration = reg;
        lastCheckAt = Date.now();
        watchForUpdates(reg);
        void navigator.serviceWorker.ready.then(cacheLoadedAssets);
      },
      () => undefined,
    );
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });

  navigator.serviceWorker.addEventListener("message", (event: MessageEvent<{ type?: string; url?: string }>) => {
    if (event.data?.type === "OPEN_URL" && typeof event.data.url === "string" && event.data.url.startsWith("/")) options.onOpenUrl(event.data.url);
  });
  window.addEventListener("focus", checkForUpdate);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") checkForUpdate();
  });
  setInterval(checkForUpdate, updateCheckIntervalMs);
}

/** Activates the waiting version and reloads once it controls the page. */
export function applyUpdate(): void {
  const next = waiting;
  if (!next) return;
  let reloaded = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  });
  next.postMessage({ type: "SKIP_WAITING" });
}

/** The registration once a worker is active, or null where there is none (dev server, old browsers). */
export async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator) || !import.meta.env.PROD) return null;
  // `ready` never settles when registering failed: give up after a while rather than hang.
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000));
  return Promise.race([navigator.serviceWorker.ready, late]);
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
    () => false,
  );
}
