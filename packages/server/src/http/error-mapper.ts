import { errorCatalogue, namedErrorCode, type ErrorCode, type ErrorResponse } from "@atendo/contracts";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../core/app-error.js";
import { constraintCode, databaseError, isDatabaseUnavailable } from "../core/db-errors.js";

interface Mapped {
  status: number;
  body: ErrorResponse;
}

function body(code: ErrorCode, message?: string): ErrorResponse {
  return { error: code, message: message ?? errorCatalogue[code].en };
}

export function mapError(error: unknown): Mapped {
  if (error instanceof AppError) return { status: error.status, body: { ...body(error.code, error.message), ...error.details } };

  if (hasZodFastifySchemaValidationErrors(error)) {
    const detail = error.validation
      .map((v) => `${v.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body"}: ${v.message}`)
      .join("; ");
    // A contract refinement may name its own code (contracts `failsWith`): the first one named wins.
    const named = error.validation.map((v) => namedErrorCode((v.params as { params?: unknown }).params)).find(Boolean);
    const code = named ?? "ERR_MISSING_VALUES";
    return { status: errorCatalogue[code].status, body: body(code, `${errorCatalogue[code].en} ${detail}`) };
  }

  // The database restarting or gone: nothing was done, the client may retry (docs/decisions/0100).
  if (isDatabaseUnavailable(error)) return { status: 503, body: body("ERR_DATABASE_UNAVAILABLE") };

  const db = databaseError(error);
  if (db?.code) {
    // A constraint with its own code (core/db-errors.ts): a lost race answers what the service's check would.
    const known = db.code.startsWith("23") ? constraintCode(db.constraint) : undefined;
    if (known) return { status: errorCatalogue[known].status, body: body(known) };
    if (db.code === "23505") return { status: 409, body: body("ERR_MISSING_VALUES") };
    // Integrity (23xxx) and data (22xxx) errors come from bad input that slipped past validation.
    if (db.code.startsWith("23") || db.code.startsWith("22")) return { status: 400, body: body("ERR_MISSING_VALUES") };
  }

  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.statusCode === 429) return { status: 429, body: body("ERR_TOO_MANY_REQUESTS") };
  // Bodies over the route's limit, and multipart files over their size or count limits.
  if (fastifyError.code === "FST_ERR_CTP_BODY_TOO_LARGE" || fastifyError.statusCode === 413) {
    return { status: 413, body: body("ERR_PAYLOAD_TOO_LARGE") };
  }
  if (fastifyError.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return { status: 415, body: body("FILE_NOT_SUPPORTED") };
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return { status: fastifyError.statusCode === 404 ? 404 : 400, body: body(fastifyError.statusCode === 404 ? "ERR_NOT_FOUND" : "ERR_MISSING_VALUES") };
  }
  return { status: 500, body: body("ERR_INTERNAL") };
}

export function registerErrorMapper(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const mapped = mapError(error);
    // An outage fails every request alike: one warning line each, without the stack.
    if (mapped.body.error === "ERR_DATABASE_UNAVAILABLE") request.log.warn({ reason: (error as Error).message }, "request failed: database unavailable");
    else if (mapped.status >= 500) request.log.error({ err: error }, "request failed");
    return reply.status(mapped.status).send(mapped.body);
  });
}
