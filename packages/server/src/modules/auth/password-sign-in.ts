import type { Config } from "../../config.js";
import { AppError } from "../../core/app-error.js";
import type { UserRow } from "../users/user.presenter.js";

/** The one address that keeps the password when PASSWORD_SIGN_IN=off (docs/decisions/0098). */
export function breakGlassEmail(config: Config): string {
  return (config.BREAK_GLASS_EMAIL ?? config.ADMIN_EMAIL).toLowerCase();
}

/**
 * PASSWORD_SIGN_IN=off: refused before the password is even checked (no password oracle for
 * accounts that sign in through the provider), except for the break-glass address.
 */
export function assertPasswordSignInAllowed(config: Config, email: string): void {
  if (config.PASSWORD_SIGN_IN === "on" || email.toLowerCase() === breakGlassEmail(config)) return;
  throw new AppError("ERR_PASSWORD_SIGN_IN_DISABLED");
}

/** The break-glass address only counts while it belongs to an administrator (a demoted one loses it). */
export function assertBreakGlassAdmin(config: Config, user: UserRow): void {
  if (config.PASSWORD_SIGN_IN === "off" && user.profile !== "admin") throw new AppError("ERR_PASSWORD_SIGN_IN_DISABLED");
}
