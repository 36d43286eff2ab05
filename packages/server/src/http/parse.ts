import { errorCatalogue } from "@atendo/contracts";
import type { z } from "zod";
import { AppError } from "./app-error.js";

/**
 * Validates a value a route could not declare as its schema (a body that is JSON or multipart):
 * the same 400 ERR_MISSING_VALUES with details as a schema failure.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`).join("; ");
  throw new AppError("ERR_MISSING_VALUES", 400, `${errorCatalogue.ERR_MISSING_VALUES.en} ${detail}`);
}
