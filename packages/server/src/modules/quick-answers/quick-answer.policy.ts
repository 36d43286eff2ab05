import { can } from "@atendo/contracts";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";

/**
 * Who may do what with quick answers (docs/decisions/0007): they are shared by the whole team,
 * so every signed-in user lists, adds and corrects them; removing one is for its author, an
 * admin or a supervisor (team-content:moderate, decision 0099). Checked once the answer is found (an unknown id stays a 404).
 */
export function assertCanDeleteQuickAnswer(actor: Actor, answer: { createdBy: number | null }): void {
  if (!can(actor.profile, "team-content:moderate") && answer.createdBy !== actor.id) throw new AppError("ERR_NO_PERMISSION");
}
