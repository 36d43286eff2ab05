import type { FastifyInstance } from "fastify";
import { withRequestContext, type RequestContext } from "../core/request-context.js";

/**
 * Sets the request context (core/request-context.ts) for the handler. A preHandler hook: it runs
 * after the body is read (whose stream events would lose the context) and after the auth hook
 * found the actor; the handler is called from `done`, so it and everything it awaits run inside.
 * The context stops counting once the response is sent (`answering`).
 */
export function registerRequestContext(app: FastifyInstance): void {
  const contexts = new WeakMap<object, RequestContext>();
  app.addHook("preHandler", (request, _reply, done) => {
    const userAgent = request.headers["user-agent"];
    const context = { ip: request.ip, userAgent: typeof userAgent === "string" ? userAgent.slice(0, 500) : null, actor: request.actor ?? null, answering: true };
    contexts.set(request, context);
    withRequestContext(context, done);
  });
  app.addHook("onResponse", async (request) => {
    const context = contexts.get(request);
    if (context) context.answering = false;
  });
}
