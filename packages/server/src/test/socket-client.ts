import { io, type Socket } from "socket.io-client";

/**
 * Connects a socket.io client and resolves once connected (rejects with the server's code). Like
 * the web app, it asks for every notification (`joinNotification`) unless `join: false`; `via:
 * "query"` sends the token as the spec's clients do (`?token=`).
 */
export function connectSocket(baseUrl: string, token?: string, options: { join?: boolean; via?: "auth" | "query" } = {}): Promise<Socket> {
  const credentials = token ? (options.via === "query" ? { query: { token } } : { auth: { token } }) : {};
  const socket = io(baseUrl, { path: "/socket.io", ...credentials, transports: ["websocket"], reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => {
      if (options.join === false) return resolve(socket);
      ask(socket, "joinNotification", null).then(() => resolve(socket), reject);
    });
    socket.once("connect_error", (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Resolves with the next payload of an event. */
export function nextEvent<T = unknown>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, (payload: T) => resolve(payload)));
}

/** Emits with an acknowledgement and resolves with the server's answer. */
export function ask<T = unknown>(socket: Socket, event: string, payload: unknown): Promise<T> {
  return socket.timeout(5000).emitWithAck(event, payload) as Promise<T>;
}

/** Records every payload of an event from now on (to prove what a socket did or did not get). */
export function recordEvents<T = unknown>(socket: Socket, event: string): T[] {
  const received: T[] = [];
  socket.on(event, (payload: T) => received.push(payload));
  return received;
}

/**
 * Resolves after a round trip on this socket: events emitted before the call have arrived
 * by then (one ordered connection), so "nothing recorded" really means nothing was sent.
 */
export async function settle(socket: Socket): Promise<void> {
  await ask(socket, "joinNotification", null);
}

/** Connects sockets to one server and closes them all at the end of a test file. */
export function socketPool(baseUrl: () => string) {
  const open: Socket[] = [];
  return {
    async connect(token: string): Promise<Socket> {
      const socket = await connectSocket(baseUrl(), token);
      open.push(socket);
      return socket;
    },
    closeAll(): void {
      for (const socket of open) socket.close();
    },
  };
}
