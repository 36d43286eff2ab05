import { requireAdmin, type Actor } from "../../core/actor.js";

/** Who may read the About figures (user counts, versions): admins (spec §6). */
export function assertCanReadAbout(actor: Actor): void {
  requireAdmin(actor);
}
