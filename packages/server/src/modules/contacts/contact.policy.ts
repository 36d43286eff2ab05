import { can } from "@atendo/contracts";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";

/**
 * Who may do what with contacts (docs/decisions/0009): every signed-in user lists, reads,
 * creates and edits them (attendants start conversations with them); deleting one — and with it
 * every ticket and message of the contact — is for admins (spec §6, contacts-page:deleteContact).
 */
export function assertCanDeleteContacts(actor: Actor): void {
  if (!can(actor.profile, "contacts-page:deleteContact")) throw new AppError("ERR_NO_PERMISSION");
}
