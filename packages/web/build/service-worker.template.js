// Atendo's service worker (docs/decisions/0042). build/service-worker-plugin.ts writes it to dist/sw.js
// with this build's version and app shell files in the two constants below.
/* global self, caches, fetch, Request, __PRECACHE__ -- the service worker scope; the constant is replaced at build */

const VERSION = "__VERSION__";
/** index.html, the entry's scripts and styles, the manifest and the icons. */
const PRECACHE = __PRECACHE__;
const SHELL_CACHE = `atendo-shell-${VERSION}`;
/** Hashed /assets/* files fetched on use (lazy routes): immutable, so served from here once cached. */
const ASSETS_CACHE = `atendo-assets-${VERSION}`;
const SHELL_URL = "/index.html";

self.addEventListener("install", (event) => {
  // A fresh copy of each file, never the HTTP cache's: the shell must be this build's.
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload" })))));
  // No skipWaiting here: a new version waits until the user chooses "Reload" (see the message handler).
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith("atendo-") && name !== SHELL_CACHE && name !== ASSETS_CACHE).map((name) => caches.delete(name)));
      // The first version takes the open page at once, so it works offline without a reload.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") void self.skipWaiting();
  // The page loaded its route's chunks before this worker controlled it: keep them for offline use too.
  if (event.data && event.data.type === "CACHE_ASSETS" && Array.isArray(event.data.urls)) {
    const urls = event.data.urls.filter((url) => typeof url === "string" && new URL(url, self.location.origin).origin === self.location.origin && new URL(url, self.location.origin).pathname.startsWith("/assets/"));
    event.waitUntil(caches.open(ASSETS_CACHE).then((cache) => Promise.all(urls.map((url) => cache.match(url).then((hit) => hit || cache.add(url).catch(() => undefined))))));
  }
});

/** The server's own traffic: always the network, never a cached answer. */
function isServerCall(url) {
  return url.pathname.startsWith("/api/") || url.pathname === "/api" || url.pathname.startsWith("/socket.io/");
}

async function networkFirstShell(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function cacheFirstAsset(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(ASSETS_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function networkThenCache(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(request);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isServerCall(url)) return;
  if (request.mode === "navigate") event.respondWith(networkFirstShell(request));
  else if (url.pathname.startsWith("/assets/")) event.respondWith(cacheFirstAsset(request));
  else event.respondWith(networkThenCache(request));
});

self.addEventListener("push", (event) => {
  let payload;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  if (!payload || typeof payload.title !== "string") return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      // One notification per ticket: a burst of messages replaces it, and alerts again.
      tag: payload.tag,
      renotify: true,
      icon: "/icons/icon-192.png",
      badge: "/icons/badge-96.png",
      data: { url: payload.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/tickets", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        // The app routes it itself (no reload of a page someone is working in).
        open.postMessage({ type: "OPEN_URL", url: new URL(url).pathname });
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
