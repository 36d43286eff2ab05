import { requireAdmin, type Actor } from "../../core/actor.js";

/** Who may read what users sent through "Contact us": admins (docs/decisions/0044). */
export function assertCanReadFeedback(actor: Actor): void {
  requireAdmin(actor);
}
