import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance } from "fastify";
import type { Actor } from "../core/actor.js";

/** Who is asking and from where: what the audit log records of the request behind a write. */
export interface RequestContext {
  ip: string;
  userAgent: string | null;
  /** The signed-in user, null on a public route (sign-in, password reset). */
  actor: Actor | null;
  /** False once the response went: work the request started in the background no longer acts for it. */
  answering: boolean;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * The request the running code serves (it follows the handler's awaits); undefined in jobs and
 * drivers, and in background work a request started once it has been answered.
 */
export function currentRequest(): RequestContext | undefined {
  const context = storage.getStore();
  return context?.answering ? context : undefined;
}

/** Runs `fn` as if serving `context` (tests; the command line). */
export function withRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/**
 * Sets the request context for the handler. A preHandler hook: it runs after the body is read
 * (whose stream events would lose the context) and after the auth hook found the actor; the
 * handler is called from `done`, so it and everything it awaits run inside.
 */
export function registerRequestContext(app: FastifyInstance): void {
  const contexts = new WeakMap<object, RequestContext>();
  app.addHook("preHandler", (request, _reply, done) => {
    const userAgent = request.headers["user-agent"];
    const context = { ip: request.ip, userAgent: typeof userAgent === "string" ? userAgent.slice(0, 500) : null, actor: request.actor ?? null, answering: true };
    contexts.set(request, context);
    storage.run(context, done);
  });
  app.addHook("onResponse", async (request) => {
    const context = contexts.get(request);
    if (context) context.answering = false;
  });
}
