import { requireAdmin, type Actor } from "../../core/actor.js";

/**
 * Who may do what with settings (spec §6): reading and changing them (user creation, the API
 * token) is for admins; others get ERR_NO_PERMISSION. What the login screen needs before anyone
 * signs in is public, through GET /public/config (public-config.ts), not through this rule.
 */
export function assertCanManageSettings(actor: Actor): void {
  requireAdmin(actor);
}
