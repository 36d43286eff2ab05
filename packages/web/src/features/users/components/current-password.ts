import type { z } from "zod";

/**
 * One's own new password needs the current one (the server answers ERR_WRONG_CURRENT_PASSWORD
 * otherwise); an admin setting another user's password does not. Add as a schema refinement.
 */
export function requireCurrentPassword(values: { password?: string; currentPassword?: string }, ctx: z.RefinementCtx): void {
  if (values.password && !values.currentPassword) {
    ctx.addIssue({ code: "custom", path: ["currentPassword"], message: "required" });
  }
}

/** The PUT body's password part: the new password with the current one, or nothing (keep it). */
export function passwordChange(password: string | undefined, currentPassword: string | undefined) {
  if (!password) return {};
  return currentPassword ? { password, currentPassword } : { password };
}
