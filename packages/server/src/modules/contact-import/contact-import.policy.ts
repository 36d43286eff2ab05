import { can } from "@atendo/contracts";
import type { Actor } from "../../core/actor.js";
import { AppError } from "../../core/app-error.js";

/** Importing contacts — and everything about imports: templates, progress, failed rows — is for admins (spec §6, contacts-page:importContacts). */
export function assertCanImportContacts(actor: Actor): void {
  if (!can(actor.profile, "contacts-page:importContacts")) throw new AppError("ERR_NO_PERMISSION");
}
