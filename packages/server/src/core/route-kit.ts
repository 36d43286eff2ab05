import { errorCatalogue, errorResponse, namedErrorCode } from "@atendo/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Actor } from "./actor.js";
import { AppError } from "./app-error.js";

// What every module's routes use to declare themselves; the plugins in http/ fill in the rest.

declare module "fastify" {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Routes are private unless they say so: security by default. */
    public?: boolean;
    /** Reachable by a sign-in that must first enrol a second factor (decision 0095). */
    allowedBeforeEnrolment?: boolean;
  }
}

/** The Fastify instance with zod schemas typing params, bodies and replies. */
export type TypedApp = ReturnType<FastifyInstance["withTypeProvider"]> & FastifyInstance;

export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

/** The actor of a private route (the auth hook guarantees it). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError("ERR_SESSION_EXPIRED");
  return request.actor;
}

/**
 * Validates a value a route could not declare as its schema (a body that is JSON or multipart):
 * the same answer as a schema failure (ERR_MISSING_VALUES with details, or the code a refinement names).
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`).join("; ");
  const code = parsed.error.issues.map((issue) => namedErrorCode((issue as { params?: unknown }).params)).find(Boolean) ?? "ERR_MISSING_VALUES";
  throw new AppError(code, undefined, `${errorCatalogue[code].en} ${detail}`);
}

/** A route's error replies, by status: `response: { 200: queue, ...errorResponses(403, 404) }`. */
export function errorResponses<const Status extends number>(...statuses: Status[]): Record<Status, typeof errorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse])) as Record<Status, typeof errorResponse>;
}

/** The answer of an action with nothing to return (deletes, disconnects), once the action is done. */
export async function ok(action: Promise<unknown>): Promise<{ ok: true }> {
  await action;
  return { ok: true };
}
