import { requireAdmin, type Actor } from "../../core/actor.js";

/**
 * Destinations are chosen on admin screens only (the connection form, URA rows, the announcement
 * form): the kinds and their items are for admins (docs/decisions/0037).
 */
export function assertCanChooseDestinations(actor: Actor): void {
  requireAdmin(actor);
}
