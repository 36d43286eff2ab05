import type { SessionEndReason, SessionEvent } from "@atendo/contracts";
import type { Socket } from "socket.io-client";
import type { TestServer } from "./harness.js";
import { nextEvent, recordEvents } from "./socket-client.js";

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

/**
 * What a socket heard as its sign-in ended: the `session` notices it got, then the reason it was
 * closed (rejects after `ms`, like {@link closedWithin}). A notice after the close cannot be
 * recorded: `notices` holds only what came first.
 */
export async function endedWithin(socket: Socket, ms = 10_000): Promise<{ notices: unknown[]; closed: string }> {
  const notices = recordEvents(socket, "session");
  const closed = await closedWithin(socket, ms);
  return { notices: [...notices], closed };
}

/** What a socket of an ended sign-in hears: why, then the server's close. */
export function endedBecause(reason: SessionEndReason): { notices: SessionEvent[]; closed: string } {
  return { notices: [{ action: "ended", reason }], closed: "io server disconnect" };
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
