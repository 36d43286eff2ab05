import { errorCatalogue, type ErrorCode, type ErrorResponse } from "@atendo/contracts";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "./app-error.js";

/**
 * Unique constraints whose violation is a client mistake with its own code. Any other
 * constraint violation is still a 4xx (ERR_MISSING_VALUES), never a 500.
 */
const constraintCodes: Record<string, ErrorCode> = {
  users_email_active_key: "ERR_EMAIL_ALREADY_EXISTS",
  users_extension_active_key: "ERR_MISSING_VALUES",
};

/** Registers further constraint → code mappings (used by feature modules). */
export function mapConstraint(constraint: string, code: ErrorCode): void {
  constraintCodes[constraint] = code;
}

interface Mapped {
  status: number;
  body: ErrorResponse;
}

function body(code: ErrorCode, message?: string): ErrorResponse {
  return { error: code, message: message ?? errorCatalogue[code].en };
}

/** The PostgreSQL error (code, constraint) behind a driver or Drizzle error, if any. */
export function databaseError(error: unknown): { code?: string; constraint?: string } | undefined {
  // Drizzle wraps driver errors; the PostgreSQL error (pg or PGlite) is somewhere in the cause chain.
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: (e as { constraint?: string }).constraint };
    }
  }
  return undefined;
}

export function mapError(error: unknown): Mapped {
  if (error instanceof AppError) return { status: error.status, body: body(error.code, error.message) };

  if (hasZodFastifySchemaValidationErrors(error)) {
    const detail = error.validation
      .map((v) => `${v.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body"}: ${v.message}`)
      .join("; ");
    return { status: 400, body: body("ERR_MISSING_VALUES", `${errorCatalogue.ERR_MISSING_VALUES.en} ${detail}`) };
  }

  const db = databaseError(error);
  if (db?.code) {
    if (db.code === "23505") {
      const code = (db.constraint && constraintCodes[db.constraint]) || "ERR_MISSING_VALUES";
      return { status: code === "ERR_MISSING_VALUES" ? 409 : errorCatalogue[code].status, body: body(code) };
    }
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
    if (mapped.status >= 500) request.log.error({ err: error }, "request failed");
    return reply.status(mapped.status).send(mapped.body);
  });
}
