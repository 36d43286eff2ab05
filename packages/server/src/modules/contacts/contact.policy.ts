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

/** Exporting every contact is for admins, as importing is (docs/decisions/0074). */
export function assertCanExportContacts(actor: Actor): void {
  if (!can(actor.profile, "contacts-page:exportContacts")) throw new AppError("ERR_NO_PERMISSION");
}

/** Finding duplicates and merging them — which deletes one of the two — is for admins, as deleting is. */
export function assertCanMergeContacts(actor: Actor): void {
  if (!can(actor.profile, "contacts-page:mergeContacts")) throw new AppError("ERR_NO_PERMISSION");
}

/**
 * Allowing messages again to a customer who opted out is for admins (issue 31): the customer's
 * own word is undone only by someone answerable for it (docs/decisions/0086).
 */
export function assertCanOptIn(actor: Actor): void {
  if (!can(actor.profile, "contacts-page:optIn")) throw new AppError("ERR_NO_PERMISSION");
}
