import { z } from "zod";
import { errorCodes, type ErrorCode } from "./errors.js";

/** Every error response of the API. */
export const errorResponse = z.object({
  error: z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Query strings arrive as text; page numbers start at 1. */
export const pageNumber = z.coerce.number().int().min(1).max(100_000).default(1);

export const okResponse = z.object({ ok: z.literal(true) });

/** Emails without accented letters (spec §5, user form). */
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email())
  .refine((value) => /^[\x21-\x7e]+$/.test(value), { message: "accented letters are not allowed" });
