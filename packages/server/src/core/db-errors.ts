import type { ErrorCode } from "@atendo/contracts";

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

/** The catalogued code of a violated unique constraint, when it has one. */
export function constraintCode(constraint: string | undefined): ErrorCode | undefined {
  return constraint ? constraintCodes[constraint] : undefined;
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
