import { io, type Socket } from "socket.io-client";

/** Connects a socket.io client and resolves once connected (rejects with the server's code). */
export function connectSocket(baseUrl: string, token?: string): Promise<Socket> {
  const socket = io(baseUrl, { path: "/socket.io", auth: token ? { token } : {}, transports: ["websocket"], reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
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
