import { errorCatalogue } from "@atendo/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Socket } from "node:net";

export interface BodyDeadline {
  /** Nothing arrived for this long: the body is given up. */
  idleMs: number;
  /** The whole body took longer than this, however steadily it came. */
  maxMs: number;
}

const timeoutBody = JSON.stringify({ error: "ERR_UPLOAD_TIMEOUT", message: errorCatalogue.ERR_UPLOAD_TIMEOUT.en });
const timeoutResponse =
  "HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\n" +
  `Content-Length: ${Buffer.byteLength(timeoutBody)}\r\nConnection: close\r\n\r\n${timeoutBody}`;

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers["content-length"];
  return request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * Answers 408 ERR_UPLOAD_TIMEOUT straight on the socket (as Node does for its own request
 * timeout) when no response has started, then closes the connection. Closing is what releases
 * everything: the body stream aborts, so a multipart reader destroys its file stream and removes
 * its temporary file, and the descriptor of the socket itself is freed. The handler's own late
 * answer goes nowhere.
 */
function giveUp(request: FastifyRequest, reply: FastifyReply, socket: Socket, reason: "idle" | "max"): void {
  request.log.info({ reason, bytesRead: socket.bytesRead }, "request body timed out; connection closed");
  if (reply.raw.headersSent || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(timeoutResponse, () => socket.destroy());
  // A peer that reads nothing would hold the end back: the connection goes anyway.
  setTimeout(() => socket.destroy(), 1000).unref();
}

/**
 * Every request body must arrive within bounded time (docs/decisions/0032): one that sends
 * nothing for `idleMs`, or is still incomplete after `maxMs`, is given up. Neither Node nor Fastify
 * bounds a body by default, so a client announcing a large Content-Length and then going quiet
 * kept its socket, its handler and (for an upload) an open temporary file for good.
 *
 * Progress is read from the socket's byte counter, polled, without touching the body stream (a
 * listener would switch it to flowing mode before its reader is attached). Bytes waiting unread
 * in the request's buffer count as progress until the answer is sent: then the server is the
 * slow side, not the client.
 * Requests without a real socket (inject) are not watched.
 */
export function registerBodyDeadline(app: FastifyInstance, deadline: BodyDeadline): void {
  const tickMs = Math.max(10, Math.min(1000, deadline.idleMs / 4));
  app.addHook("onRequest", (request, reply, done) => {
    const raw = request.raw;
    const socket = raw.socket as Socket | undefined;
    if (!hasBody(request) || !socket || typeof socket.bytesRead !== "number" || raw.complete) return done();
    const started = Date.now();
    let lastRead = socket.bytesRead;
    let lastProgress = started;
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) return clearInterval(timer);
      const now = Date.now();
      // Bytes waiting unread count as progress while the answer is still to come: the server is
      // the slow side. Once it is sent (a form refused half-way, its request unpiped), nothing
      // will read them, and the connection must not be held for them.
      const unreadAwaited = raw.readableLength > 0 && !reply.raw.writableFinished;
      if (socket.bytesRead !== lastRead || unreadAwaited) {
        lastRead = socket.bytesRead;
        lastProgress = now;
      }
      const reason = now - started >= deadline.maxMs ? "max" : now - lastProgress >= deadline.idleMs ? "idle" : undefined;
      if (!reason) return;
      clearInterval(timer);
      giveUp(request, reply, socket, reason);
    }, tickMs);
    timer.unref();
    raw.once("close", () => clearInterval(timer));
    done();
  });
}
