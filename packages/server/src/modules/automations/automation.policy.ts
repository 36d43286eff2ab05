import { requireAdmin, type Actor } from "../../core/actor.js";

/** Automation rules are an admin screen (issue 33): reading, writing and trying them is for admins. */
export function assertCanManageAutomations(actor: Actor): void {
  requireAdmin(actor);
}
