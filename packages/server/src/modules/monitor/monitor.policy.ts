import { can } from "@atendo/contracts";
import type { Actor } from "../../core/actor.js";
import { AppError } from "../../core/app-error.js";

/** Who may watch the live monitor: admins and supervisors (issue 30, decision 0099), as for reports. */
export function assertCanWatchMonitor(actor: Actor): void {
  if (!can(actor.profile, "monitor:view")) throw new AppError("ERR_NO_PERMISSION");
}
