import { AsyncLocalStorage } from "node:async_hooks";
import type { Actor } from "./actor.js";

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
 * The request the running code serves (it follows the handler's awaits; set by
 * http/request-context.ts); undefined in jobs and drivers, and in background work a request
 * started once it has been answered.
 */
export function currentRequest(): RequestContext | undefined {
  const context = storage.getStore();
  return context?.answering ? context : undefined;
}

/** Runs `fn` as serving `context` (the request hook; tests). */
export function withRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}
