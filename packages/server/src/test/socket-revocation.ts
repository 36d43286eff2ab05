import type { Socket } from "socket.io-client";
import type { TestServer } from "./harness.js";
import { nextEvent } from "./socket-client.js";

/**
 * Resolves with the reason a socket was closed, or rejects after `ms`: a bound on a failing test,
 * not a wait for synchronisation (a socket that is going to close does so within milliseconds).
 */
export function closedWithin(socket: Socket, ms = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still connected after ${ms} ms`)), ms);
    socket.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Emits a `user` event to a user's room and waits for it on `socket` (a socket of that user that stayed). */
export async function reachesUser(server: Pick<TestServer, "ctx">, socket: Socket, userId: number): Promise<void> {
  const received = nextEvent(socket, "user");
  server.ctx.realtime.emit({ userIds: [userId] }, "user", { action: "delete", userId });
  await received;
}

/** The sign-in (session id) an access token belongs to: its `sid` claim. */
export function sessionIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as { sid: string };
  return payload.sid;
}
