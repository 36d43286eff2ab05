import type { ServerEventName } from "@atendo/contracts";
import { useEffect, useEffectEvent, useSyncExternalStore } from "react";
import type { io, Socket } from "socket.io-client";
import { refreshSession } from "./http";
import { retryWhenDatabaseAway } from "./refused-handshake";
import { reportServerAnswered, reportServerUnreachable } from "./reachability";
import { createServerEventHub, type ServerEventHandler } from "./server-event-hub";
import { rememberPresence } from "./presence";
import { endSession, getSession, subscribeSession } from "./session";

/**
 * One socket.io connection per session: opened after login, reopened with the fresh token after
 * a refresh, closed on logout. Features listen with {@link useServerEvent}.
 */
let socket: Socket | null = null;
let socketToken: string | null = null;
let lastAuthRetryAt = 0;
const listeners = new Set<() => void>();

const authRetryIntervalMs = 30_000;

const eventHub = createServerEventHub((name, payload) => {
  if (import.meta.env.DEV) console.warn(`Dropped a "${name}" event that does not match its contract`, payload);
});

// The server ended this sign-in (logout elsewhere, a new password, removal; docs/decisions/0065):
// its notice comes just before it closes the socket. The session ends here at once, so the
// sign-in page opens and says why, instead of a screen that no longer hears anything.
eventHub.subscribe("session", (notice) => endSession(notice.reason));

// Presence is heard from the socket's first moment (its own connection makes its user online),
// before any screen mounts: every dot and the app bar's menu read this one store (lib/presence.ts).
eventHub.subscribe("presence", (event) => rememberPresence(event.userId, event.status));

function setSocket(next: Socket | null): void {
  socket = next;
  eventHub.attach(next);
  for (const listener of listeners) listener();
}

type SocketClient = typeof io;

// socket.io-client (with engine.io) is downloaded once there is a session to connect: the login
// page does not carry it, and a signed-in page's first render does not wait for it
// (docs/decisions/0043-web-delivery.md). Events are checked by outline, without zod (server-event-hub.ts).
let clientLoading: Promise<SocketClient> | null = null;

function loadClient(): Promise<SocketClient> {
  clientLoading ??= import("socket.io-client").then(
    (client) => client.io,
    (error: unknown) => {
      clientLoading = null; // a failed download (server away) is tried again on the next session change
      throw error;
    },
  );
  return clientLoading;
}

/**
 * The handshake's credentials. The app hears every notification its user may see: asked for in
 * the handshake itself, so no event falls between connecting and a `joinNotification` message
 * (docs/decisions/0047).
 */
const handshakeAuth = (token: string) => ({ token, joinNotification: true });

function createSocket(open: SocketClient, token: string): Socket {
  const created = open({ path: "/socket.io", auth: handshakeAuth(token), autoConnect: false });
  created.on("connect", () => reportServerAnswered());
  created.on("disconnect", (reason) => {
    // The connection dropped (not a logout or the server closing this session): the server is away.
    if (reason === "transport close" || reason === "transport error" || reason === "ping timeout") reportServerUnreachable();
    // The server closed it without a notice (which would have ended the session already): it closes
    // a socket only for a sign-in it no longer accepts, and this socket would never be reopened.
    if (reason === "io server disconnect" && socket === created && getSession().status === "authenticated") endSession("revoked");
  });
  created.on("connect_error", (error) => {
    // An active socket retries by itself (the server is away meanwhile); an inactive one was
    // refused by the server (expired token): refresh once, and the session change reconnects with the new token.
    if (created.active) return reportServerUnreachable();
    // Refused because the server's database is away: the sign-in is fine, so connect again shortly, unless the session changed meanwhile.
    if (retryWhenDatabaseAway(error, created, () => socket === created)) return;
    const now = Date.now();
    if (now - lastAuthRetryAt < authRetryIntervalMs) return;
    lastAuthRetryAt = now;
    refreshSession().catch(() => undefined);
  });
  return created;
}

function connect(token: string): void {
  if (socket) {
    socket.auth = handshakeAuth(token);
    socket.disconnect().connect();
    return;
  }
  loadClient().then(
    (open) => {
      // Another session change came while the client loaded: the latest one connects (or not).
      if (socket || socketToken !== token) return;
      const created = createSocket(open, token);
      setSocket(created);
      created.connect();
    },
    () => reportServerUnreachable(),
  );
}

function disconnect(): void {
  if (!socket) return;
  socket.disconnect();
  setSocket(null);
}

function syncWithSession(): void {
  const session = getSession();
  if (session.status === "authenticated") {
    if (session.token === socketToken) return;
    socketToken = session.token;
    connect(session.token);
  } else if (session.status === "anonymous") {
    socketToken = null;
    disconnect();
  }
}

/**
 * Closes the session's socket before this tab logs out: the server's notice that the sign-in
 * ended is for its other tabs; this one knows why (the session change after it reopens nothing).
 */
export function closeSocketBeforeLogout(): void {
  disconnect();
}

/** Follows the session for the app's lifetime; returns the unsubscribe function. */
export function startSocketLifecycle(): () => void {
  syncWithSession();
  return subscribeSession(syncWithSession);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSocket(): Socket | null {
  return socket;
}

/** The session's socket, or null when signed out. */
export function useSocket(): Socket | null {
  return useSyncExternalStore(subscribe, getSocket, () => null);
}

/** Sends a client event (e.g. joinTickets) if the socket is up; queued by socket.io otherwise. */
export function emitSocket(event: string, ...args: unknown[]): void {
  socket?.emit(event, ...args);
}

/**
 * Calls `handler` with every well-formed `name` event of the session's socket while the component
 * is mounted. Each event is checked once however many handlers listen.
 */
export function useServerEvent<E extends ServerEventName>(name: E, handler: ServerEventHandler<E>): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => eventHub.subscribe(name, (payload) => onEvent(payload)), [name]);
}
