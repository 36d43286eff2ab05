import { errorCatalogue, type ErrorCode } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import { STATUS_CODES, type ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** What Node's HTTP parser reports, answered with the product's status and catalogued code. */
function answerFor(error: { code?: string }): { status: number; code: ErrorCode } {
  // Node's own request/headers timeout: the request did not arrive whole in time.
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return { status: 408, code: "ERR_UPLOAD_TIMEOUT" };
  if (error.code === "HPE_HEADER_OVERFLOW") return { status: 431, code: "ERR_PAYLOAD_TOO_LARGE" };
  // Anything else: a request line or head that does not parse, a body cut off by a half-close
  // (HPE_INVALID_EOF_STATE), a bad chunk size — incomplete or invalid, as a bad JSON body is.
  return { status: 400, code: "ERR_MISSING_VALUES" };
}

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses before any route sees it gets
 * the product's error shape `{error, message}` with a catalogued code, instead of Fastify's
 * default `{"error":"Bad Request","message":"Client Error"}` (issue 28). Like Node's own
 * handler, it writes only when no answer has started on the socket (a half-written response must
 * not be followed by another), then closes the connection: the parser cannot go on after an error.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // A reset peer, or a socket already gone: nobody to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, code } = answerFor(error);
  this.log.debug({ code: error.code, status }, "malformed request refused");
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ error: code, message: errorCatalogue[code].en });
  const answer =
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
  socket.end(answer, () => socket.destroy());
  // A peer that reads nothing would hold the end back: the connection goes anyway.
  setTimeout(() => socket.destroy(), 1000).unref();
}
