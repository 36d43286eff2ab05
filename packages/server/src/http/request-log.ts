import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export interface RequestLogOptions {
  /** ACCESS_LOG: one `info` line per request, as a web server's access log. */
  accessLog: boolean;
  /** Slower than this (server time, until the answer is ready to send) logs at `warn`. */
  slowMs?: number;
}

const SLOW_MS = 1000;

function line(request: FastifyRequest, reply: FastifyReply) {
  return { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime) };
}

/**
 * Request logging (docs/decisions/0033). Fastify's own (two `info` lines per request) is off:
 * at the default level it buried the first start's generated admin password within seconds.
 * Without ACCESS_LOG only what needs a look is logged: server errors at `error`, slow answers at
 * `warn`. Measured when the answer is ready, so a large download to a slow client is not "slow".
 */
export function registerRequestLog(app: FastifyInstance, options: RequestLogOptions): void {
  const slowMs = options.slowMs ?? SLOW_MS;
  if (options.accessLog) {
    app.addHook("onResponse", async (request, reply) => {
      request.log.info(line(request, reply), "request completed");
    });
    return;
  }
  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode >= 500) request.log.error(line(request, reply), "server error answered");
    else if (reply.elapsedTime > slowMs) request.log.warn(line(request, reply), "slow request");
    return payload;
  });
}
