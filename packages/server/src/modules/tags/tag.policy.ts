import { requireAdmin, type Actor } from "../../core/actor.js";

/**
 * Who may do what with labels (docs/decisions/0072): every signed-in user reads them and puts
 * them on what they may change (a ticket they may write in, any contact); defining, renaming,
 * recolouring and deleting them, and seeing how much each is used, is for admins.
 */
export function assertCanManageTags(actor: Actor): void {
  requireAdmin(actor);
}
